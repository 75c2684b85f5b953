package io.tpkit.junit;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Gives a JUnit 5 test class a database with a workload loaded once, and a {@link TpkitBench}
 * parameter to run it with:
 *
 * <pre>{@code
 * @TpkitBenchmark(workload = "tp1", options = "accounts-per-branch=10000")
 * class CheckoutDatabaseTest {
 *     @Test
 *     void keepsUpUnderLoad(TpkitBench tpkit) throws Exception {
 *         RunResult r = tpkit.run(c -> c.connections(4).duration(Duration.ofSeconds(20)));
 *         assertThat(r.consistent()).isTrue();
 *         assertThat(r.metrics().throughput().overWallClock()).isGreaterThan(500);
 *     }
 * }
 * }</pre>
 *
 * (A class named {@code ...Test} runs in {@code mvn test}; one named {@code ...IT} only where the
 * project runs maven-failsafe-plugin. docs/java-api.md and examples/junit-example show a whole project.)
 * The database is, in this order: {@link #db()} when given; the JUnit configuration parameter
 * {@code tpkit.db} (a system property or an entry of {@code junit-platform.properties}); the
 * environment variable {@code TPKIT_DB}; else an embedded PostgreSQL.
 * Any {@code --db} form works (a JDBC URL, {@code container:postgres:17}...). A user comes
 * from {@code tpkit.user} / {@code TPKIT_USER}, a password from the environment variable named
 * by {@code tpkit.password-env} / {@code TPKIT_PASSWORD_ENV}. Results go to
 * {@code target/tpkit-results}.
 */
@Documented
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@ExtendWith(TpkitExtension.class)
public @interface TpkitBenchmark {
    /** The workload, as on the command line: {@code tp1}, {@code tpcc}, {@code hpss}. */
    String workload();

    /** The scale (branches, warehouses, threads); 0 = the workload's default. */
    int scale() default 0;

    /** The workload's own options as {@code name=value}, e.g. {@code accounts-per-branch=10000}. */
    String[] options() default {};

    /** The target, in any {@code --db} form; empty = from the system property or environment. */
    String db() default "";
}
