package io.tpkit;

import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The layers of benchmark-core, bottom to top, as ARCHITECTURE.md draws them. A layer may use
 * the layers below it and never one above; no two packages depend on each other.
 */
class LayersTest {
    private static JavaClasses core;

    @BeforeAll
    static void importCore() {
        core = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("io.tpkit");
    }

    @Test
    void eachLayerUsesOnlyTheLayersBelowIt() {
        layeredArchitecture().consideringOnlyDependenciesInLayers()
                .layer("vocabulary").definedBy("io.tpkit.config..", "io.tpkit.metrics..")
                .layer("spi").definedBy("io.tpkit.spi..")
                .layer("plugin kit").definedBy("io.tpkit.sql..", "io.tpkit.load..", "io.tpkit.files..")
                .layer("engine").definedBy("io.tpkit.measurement..", "io.tpkit.monitor..",
                        "io.tpkit.scheduler..", "io.tpkit.validity..")
                .layer("built-in plugins").definedBy("io.tpkit.db..", "io.tpkit.provisioning..")
                .layer("results").definedBy("io.tpkit.result..", "io.tpkit.report..",
                        "io.tpkit.analysis..", "io.tpkit.compare..", "io.tpkit.merge..",
                        "io.tpkit.history..")
                .layer("pipeline").definedBy("io.tpkit.runner..", "io.tpkit.split..", "io.tpkit.sweep..")
                .layer("facade").definedBy("io.tpkit.api..")
                .layer("junit").definedBy("io.tpkit.junit..")

                .whereLayer("junit").mayNotBeAccessedByAnyLayer()
                .whereLayer("facade").mayOnlyBeAccessedByLayers("junit")
                .whereLayer("pipeline").mayOnlyBeAccessedByLayers("facade", "junit")
                .whereLayer("results").mayOnlyBeAccessedByLayers("pipeline", "facade", "junit")
                .whereLayer("built-in plugins").mayOnlyBeAccessedByLayers("pipeline", "facade", "junit")
                .whereLayer("engine").mayOnlyBeAccessedByLayers("built-in plugins", "results", "pipeline", "facade",
                        "junit")
                .whereLayer("plugin kit").mayOnlyBeAccessedByLayers("engine", "built-in plugins", "results",
                        "pipeline", "facade", "junit")
                .whereLayer("spi").mayOnlyBeAccessedByLayers("plugin kit", "engine", "built-in plugins", "results",
                        "pipeline", "facade", "junit")
                .check(core);
    }

    @Test
    void noPackageCycles() {
        slices().matching("io.tpkit.(**)").should().beFreeOfCycles().check(core);
    }

    /**
     * No two files of a package use each other, directly or round a ring ({@link FileLoops}).
     * The loops listed were there when the check came; each is to be undone, none added.
     */
    @Test
    void noFileLoopsInsideAPackage() {
        List<String> loops = FileLoops.of(core);
        assertThat(loops).as("files of one package that use each other: cut the loop (move what both need into a "
                + "file of its own, or pass it in) rather than list it").isSubsetOf(KNOWN_LOOPS);
        assertThat(KNOWN_LOOPS).as("loops undone: take them off KNOWN_LOOPS").isSubsetOf(loops);
    }

    /** Loops of files in benchmark-core when the check came, each as {@link FileLoops#of} names it. */
    private static final List<String> KNOWN_LOOPS = List.of(
            "io.tpkit.compare: Comparison, ComparisonTable, Comparisons, Gate",
            // the annotation names its extension, which reads the annotation: JUnit's own pattern
            "io.tpkit.junit: TpkitBenchmark, TpkitExtension");

    @Test
    void noSourcePackageIsNamedLikeABuildFolder() {
        com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses()
                .should().resideInAPackage("..target..")
                .because("tools that skip Maven's target/ folders would skip the package too")
                .check(core);
    }
}
