package io.tpkit;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The modules as ARCHITECTURE.md draws them, over the main classes of every module (this is the
 * one module that has them all on its class path; {@code LayersTest} draws the layers inside
 * benchmark-core). A workload module builds on core's vocabulary, SPIs and plugin kit only, and
 * on no other workload; core names no workload and not the CLI; the CLI reaches the workloads
 * through the SPI; no two packages of any module depend on each other, and no two files of one
 * package use each other.
 */
class ModulesTest {
    /** The workload modules' packages. */
    private static final List<String> WORKLOADS = List.of("io.tpkit.tp1..", "io.tpkit.tpcc..", "io.tpkit.hpss..");
    private static final String CLI = "io.tpkit.cli..";
    /** What of benchmark-core a workload builds on: the vocabulary, the SPIs and the plugin kit. */
    private static final List<String> CORE_FOR_WORKLOADS = List.of("io.tpkit.config..", "io.tpkit.metrics..",
            "io.tpkit.spi..", "io.tpkit.sql..", "io.tpkit.load..", "io.tpkit.files..");
    /** Loops of files outside benchmark-core when the check came (core's are LayersTest's). */
    private static final List<String> KNOWN_LOOPS = List.of(
            "io.tpkit.cli: CompareFilesCommand, Main",
            "io.tpkit.hpss: CreateFile, KeyDraw",
            "io.tpkit.hpss: HpssBoundWorkload, HpssSession",
            "io.tpkit.tpcc: NURandConstants, TpccRandom",
            "io.tpkit.tpcc: TpccClientSession, TpccMultiStatementSession, TpccReturningSession",
            "io.tpkit.tpcc: TpccOutput, TpccSession");

    private static JavaClasses all;

    @BeforeAll
    static void importEveryModule() {
        // every module's main classes, from their folders in a reactor build or their jars; not
        // the tests' (core's test jar holds a workload of its own, the example counters)
        all = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .withImportOption(location -> !location.contains("-tests.jar") && !location.contains("/test-classes/"))
                .importPackages("io.tpkit");
    }

    @Test
    void everyWorkloadIsInAModuleListedHere() {
        classes().that().implement("io.tpkit.spi.workload.Workload").should()
                .resideInAnyPackage(WORKLOADS.toArray(String[]::new))
                .because("a new workload module is held to the workloads' layer: add its package to WORKLOADS")
                .check(all);
        for (String workload : WORKLOADS) {
            assertThat(all.stream().anyMatch(resideInAPackage(workload)::test)).as(workload + " was imported")
                    .isTrue();
        }
    }

    @Test
    void aWorkloadBuildsOnCoresVocabularySpisAndPluginKitOnly() {
        for (String workload : WORKLOADS) {
            String[] allowed = Stream.concat(CORE_FOR_WORKLOADS.stream(), Stream.of(workload)).toArray(String[]::new);
            noClasses().that().resideInAPackage(workload).should().dependOnClassesThat(
                            resideInAPackage("io.tpkit..").and(not(resideInAnyPackage(allowed))))
                    .because("a workload is a plugin: it runs inside the pipeline and never drives it (no api, "
                            + "runner, result...), and knows no other workload")
                    .check(all);
        }
    }

    @Test
    void coreNamesNoWorkloadAndNotTheCli() {
        String[] above = Stream.concat(WORKLOADS.stream(), Stream.of(CLI)).toArray(String[]::new);
        noClasses().that().resideOutsideOfPackages(above).should().dependOnClassesThat().resideInAnyPackage(above)
                .because("core finds workloads through java.util.ServiceLoader")
                .check(all);
    }

    @Test
    void theCliReachesTheWorkloadsThroughTheSpi() {
        noClasses().that().resideInAPackage(CLI).should().dependOnClassesThat()
                .resideInAnyPackage(WORKLOADS.toArray(String[]::new))
                .because("a command offered for a workload asks the workload's SPI (Workload) for what it needs")
                .check(all);
    }

    @Test
    void noPackageCyclesAcrossModules() {
        slices().matching("io.tpkit.(**)").should().beFreeOfCycles().check(all);
    }

    /** As {@code LayersTest.noFileLoopsInsideAPackage}, for the modules other than benchmark-core. */
    @Test
    void noFileLoopsInsideAPackage() {
        JavaClasses outsideCore = all.that(resideInAnyPackage(
                Stream.concat(WORKLOADS.stream(), Stream.of(CLI)).toArray(String[]::new)));
        List<String> loops = FileLoops.of(outsideCore);
        assertThat(loops).as("files of one package that use each other: cut the loop (move what both need into a "
                + "file of its own, or pass it in) rather than list it").isSubsetOf(KNOWN_LOOPS);
        assertThat(KNOWN_LOOPS).as("loops undone: take them off KNOWN_LOOPS").isSubsetOf(loops);
    }
}
