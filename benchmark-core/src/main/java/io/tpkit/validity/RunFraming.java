package io.tpkit.validity;

import io.tpkit.spi.workload.RuleResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One line, at the top of the console's summary and of the report, saying what a run of these
 * settings is good for and what a standard one needs: a first run (a one-minute demo) is
 * non-standard by design, and should not read as a failure before the figures are read.
 */
public final class RunFraming {
    /**
     * The rules a run's settings decide, with what to add for a standard run: the options
     * choose them, so they are non-standard by design, not by accident.
     */
    private static final Map<String, String> BY_SETTINGS = new LinkedHashMap<>();

    static {
        BY_SETTINGS.put("measurement-interval", null); // its rule text says how long
        BY_SETTINGS.put("long-enough", "a --duration that covers a checkpoint (long-enough)");
        BY_SETTINGS.put("warm-up", "a --warmup (warm-up)");
        BY_SETTINGS.put("warm-up-cycle", "a --warmup of a mean cycle or more (warm-up-cycle)");
        BY_SETTINGS.put("throughput-per-branch", "a --branches per TPS (throughput-per-branch)");
        BY_SETTINGS.put("terminals", "the standard terminals (no --terminals)");
        BY_SETTINGS.put("tpc-a-terminals", "the standard terminals (no --terminals)");
        BY_SETTINGS.put("keying-think-times", "--think spec");
        BY_SETTINGS.put("tpc-a-cycle-time", "--think spec");
        BY_SETTINGS.put("standard-scale", "the standard data per scale unit (standard-scale)");
        BY_SETTINGS.put("standard-shape", "the standard shape (standard-shape)");
        BY_SETTINGS.put("no-added-delay", "no --network-delay");
        BY_SETTINGS.put("foreign-keys", "--foreign-keys on");
    }

    /** The rules the machine decides, not the options. */
    private static final Map<String, String> BY_MACHINE = Map.of(
            "quiet-machine", "a quiet machine (quiet-machine)",
            "driver-saturation", "a driver with CPU to spare (driver-saturation)",
            "durability", "durable commits (durability)");

    private RunFraming() {
    }

    public static String of(Verdict verdict) {
        if (verdict.conformant()) {
            return "A standard run by tpkit's rules (all met): its figures can be set beside other standard runs.";
        }
        List<String> settings = new ArrayList<>();
        List<String> toAdd = new ArrayList<>();
        List<String> machine = new ArrayList<>();
        List<String> outcome = new ArrayList<>();
        for (RuleResult r : verdict.rules()) {
            if (!r.failed() || r.id().equals(Verdict.COMPLETE)) {
                continue;
            }
            if (BY_SETTINGS.containsKey(r.id())) {
                settings.add(r.id());
                String fix = BY_SETTINGS.get(r.id());
                String add = fix != null ? fix : r.id().equals("measurement-interval") && r.rule().contains("at least ")
                        ? "a --duration of " + r.rule().substring(r.rule().indexOf("at least ") + 9) + " or more"
                        : r.id();
                if (!toAdd.contains(add)) {
                    toAdd.add(add);
                }
            } else if (BY_MACHINE.containsKey(r.id())) {
                machine.add(BY_MACHINE.get(r.id()));
            } else {
                outcome.add(r.id());
            }
        }
        StringBuilder line = new StringBuilder();
        if (!settings.isEmpty()) {
            line.append("A first look, non-standard by design (").append(String.join(", ", settings))
                    .append("): for comparing runs of these settings on one machine.");
        } else {
            line.append("These settings are the benchmark's own.");
        }
        List<String> needs = new ArrayList<>(toAdd);
        needs.addAll(machine);
        if (!needs.isEmpty()) {
            line.append(" For a standard run: ").append(String.join(", ", needs)).append('.');
        }
        if (!outcome.isEmpty()) {
            line.append(" Not met by what happened: ").append(String.join(", ", outcome)).append('.');
        }
        return line.toString();
    }
}
