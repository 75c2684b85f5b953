package io.tpkit.spi;

import io.tpkit.config.BadInputException;
import io.tpkit.spi.database.DatabasePlugin;
import io.tpkit.spi.provisioning.TargetProvider;
import io.tpkit.spi.workload.Workload;
import java.util.List;
import java.util.ServiceLoader;
import java.util.stream.Collectors;

/** Finds workloads, database plugins and target providers with {@link ServiceLoader}. */
public final class Plugins {
    private Plugins() {
    }

    public static List<Workload> workloads() {
        return load(Workload.class);
    }

    public static List<DatabasePlugin> databases() {
        return load(DatabasePlugin.class);
    }

    public static List<TargetProvider> targets() {
        return load(TargetProvider.class);
    }

    public static Workload workload(String name) {
        return workloads().stream().filter(w -> w.name().equalsIgnoreCase(name)).findFirst()
                .orElseThrow(() -> new BadInputException("unknown workload '" + name + "': choose one of "
                        + workloads().stream().map(Workload::name).collect(Collectors.joining(", "))));
    }

    /** The database plugin of this {@link DatabasePlugin#name()}, e.g. {@code postgresql}. */
    public static DatabasePlugin database(String name) {
        return databases().stream().filter(d -> d.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalStateException("no database plugin named '" + name + "' is registered: "
                        + databases().stream().map(DatabasePlugin::name).collect(Collectors.joining(", "))));
    }

    public static DatabasePlugin databaseFor(String jdbcUrl) {
        return databases().stream().filter(d -> d.accepts(jdbcUrl)).findFirst()
                .orElseThrow(() -> new BadInputException("no database plugin for '"
                        + io.tpkit.config.TargetText.redact(jdbcUrl) + "': tpkit supports "
                        + databases().stream().map(d -> "jdbc:" + d.name() + ":").collect(Collectors.joining(", "))
                        + " URLs" + (jdbcUrl.startsWith("jdbc:mariadb:")
                        ? " (reach MariaDB with jdbc:mysql://HOST:PORT/DB: tpkit speaks to it through MySQL Connector/J)"
                        : "")));
    }

    public static TargetProvider target(String db) {
        return targets().stream().filter(t -> t.accepts(db)).findFirst()
                .orElseThrow(() -> new BadInputException("unknown --db '" + io.tpkit.config.TargetText.redact(db)
                        + "': use " + targets().stream().map(TargetProvider::form).collect(Collectors.joining(" or "))));
    }

    private static <T> List<T> load(Class<T> type) {
        return ServiceLoader.load(type).stream().map(ServiceLoader.Provider::get).collect(Collectors.toList());
    }
}
