package io.tpkit.junit;

import io.tpkit.api.Tpkit;
import io.tpkit.config.BadInputException;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.result.LoadReport;
import io.tpkit.runner.RunListener;
import io.tpkit.spi.Plugins;
import io.tpkit.spi.provisioning.Target;
import java.nio.file.Path;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * The JUnit 5 side of {@link TpkitBenchmark}: before the class's tests, it starts the database
 * when tpkit provides it (embedded or a container), loads the workload once, and hands every
 * test a {@link TpkitBench}; after them, it stops what it started.
 */
public final class TpkitExtension implements BeforeAllCallback, BeforeEachCallback, ParameterResolver {
    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(TpkitExtension.class);
    static final Path RESULTS = Path.of("target", "tpkit-results");

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        Class<?> testClass = context.getRequiredTestClass();
        TpkitBenchmark spec = testClass.getAnnotation(TpkitBenchmark.class);
        if (spec == null) {
            throw new BadInputException(testClass.getName() + " uses TpkitExtension without @TpkitBenchmark: "
                    + "annotate the class with @TpkitBenchmark(workload = \"tp1\")");
        }
        BenchmarkConfig.Builder b = BenchmarkConfig.builder(spec.workload()).outDir(RESULTS);
        if (spec.scale() != 0) {
            b.scale(spec.scale());
        }
        for (String option : spec.options()) {
            int eq = option.indexOf('=');
            if (eq <= 0) {
                throw new BadInputException("@TpkitBenchmark option '" + option + "' is not name=value "
                        + "(e.g. \"accounts-per-branch=10000\")");
            }
            b.option(option.substring(0, eq).trim().replaceFirst("^--", ""), option.substring(eq + 1).trim());
        }
        String db = setting(context, spec.db(), "tpkit.db", "TPKIT_DB", BenchmarkConfig.DEFAULT_TARGET);
        String passwordEnv = setting(context, "", "tpkit.password-env", "TPKIT_PASSWORD_ENV", null);
        b.target(db).user(setting(context, "", "tpkit.user", "TPKIT_USER", null));
        if (passwordEnv != null) {
            String password = System.getenv(passwordEnv);
            if (password == null) {
                throw new BadInputException("tpkit.password-env names " + passwordEnv + ", which is not set: export it");
            }
            b.password(password, "environment variable " + passwordEnv);
        }
        BenchmarkConfig config = b.build();
        Target target = null;
        if (!db.startsWith("jdbc:")) {
            // tpkit starts this database: once for the class, then every call connects to it
            target = Plugins.target(db).open(config, message -> { });
            // JUnit closes AutoCloseable values of the class's store after its tests
            context.getStore(NAMESPACE).put("target", (AutoCloseable) target::close);
            BenchmarkConfig.Builder started = config.toBuilder().target(target.jdbcUrl()).user(target.user());
            if (target.password() != null) {
                started.password(target.password(), db);
            }
            config = started.build();
        }
        LoadReport load = Tpkit.load(config, RunListener.SILENT);
        context.getStore(NAMESPACE).put("bench",
                new TpkitBench(TpkitBench.forRuns(config.toBuilder()).build(), load, target, db));
    }

    /**
     * The annotation's value, else the JUnit configuration parameter (a system property or
     * junit-platform.properties), else the environment variable, else the fallback.
     */
    private static String setting(ExtensionContext context, String given, String property, String variable,
                                  String fallback) {
        if (given != null && !given.isBlank()) {
            return given;
        }
        String value = context.getConfigurationParameter(property).orElse(null);
        if (value == null || value.isBlank()) {
            value = System.getenv(variable);
        }
        return value == null || value.isBlank() ? fallback : value;
    }

    /** Each test's runs are its own: what a gate compares with the baseline. */
    @Override
    public void beforeEach(ExtensionContext context) {
        TpkitBench bench = context.getStore(NAMESPACE).get("bench", TpkitBench.class);
        if (bench != null) {
            bench.beginTest();
        }
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == TpkitBench.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        return context.getStore(NAMESPACE).get("bench", TpkitBench.class);
    }
}
