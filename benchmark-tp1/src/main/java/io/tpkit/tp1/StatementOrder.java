package io.tpkit.tp1;

import io.tpkit.config.BadInputException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The order of the account, history, teller and branch writes. The TPC texts could not be
 * checked on whether they fix it (DebitCredit puts history second, pgbench last), so it is a
 * parameter that every result states.
 */
record StatementOrder(List<TransactionStep> steps) {
    /** DebitCredit's pseudocode order: history right after the account update. */
    static final StatementOrder DEFAULT = new StatementOrder(List.of(
            TransactionStep.ACCOUNT, TransactionStep.HISTORY, TransactionStep.TELLER, TransactionStep.BRANCH));

    StatementOrder {
        steps = List.copyOf(steps);
        if (steps.size() != TransactionStep.values().length || EnumSet.copyOf(steps).size() != steps.size()) {
            throw new IllegalArgumentException("every step exactly once: " + steps);
        }
    }

    /** Parses a comma-separated permutation such as {@code account,teller,branch,history}. */
    static StatementOrder parse(String text) {
        List<TransactionStep> steps = new ArrayList<>();
        Set<TransactionStep> seen = EnumSet.noneOf(TransactionStep.class);
        for (String part : text.split(",", -1)) {
            TransactionStep step = step(part.trim(), text);
            if (!seen.add(step)) {
                throw bad(text, "'" + step.label() + "' appears twice");
            }
            steps.add(step);
        }
        if (steps.size() != TransactionStep.values().length) {
            throw bad(text, "all four are needed");
        }
        return new StatementOrder(steps);
    }

    private static TransactionStep step(String word, String text) {
        for (TransactionStep s : TransactionStep.values()) {
            if (s.label().equals(word.toLowerCase(Locale.ROOT))) {
                return s;
            }
        }
        throw bad(text, "'" + word + "' is not one of them");
    }

    private static BadInputException bad(String text, String why) {
        return new BadInputException("--order must list account, history, teller and branch once each, "
                + "separated by commas, e.g. --order " + DEFAULT.label() + " (got '" + text + "': " + why + ")");
    }

    String label() {
        return steps.stream().map(TransactionStep::label).collect(Collectors.joining(","));
    }

    @Override
    public String toString() {
        return label();
    }
}
