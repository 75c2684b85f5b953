package io.tpkit.tp1;

import io.tpkit.config.ArrivalModel;
import io.tpkit.config.BadInputException;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.config.Logic;
import io.tpkit.spi.workload.WorkloadOption;
import java.util.List;
import java.util.Map;

/** The options only TP1 understands, and the checks that turn a configuration into settings. */
final class Tp1Options {
    static final String ACCOUNTS_PER_BRANCH = "accounts-per-branch";
    static final String ORDER = "order";
    static final String SUB_TRANSACTION = "sub-transaction";
    static final String OPS_PER_TRANSACTION = "ops-per-transaction";
    /**
     * A sub-transaction's operations per transaction by default: enough that the transaction's
     * own cost (its round trip and commit), shared by all of them, is a small part of each
     * (a hundredth of a round trip and a commit per operation), and at least the 5 operations
     * over which TP1 shares its one commit, so that no operation is charged more of it than TP1
     * pays (see docs/tp1.md, "TP1 upper bound").
     */
    static final int DEFAULT_OPS_PER_TRANSACTION = 100;

    static final List<WorkloadOption> OPTIONS = List.of(
            new WorkloadOption(ACCOUNTS_PER_BRANCH, "N",
                    "Accounts per branch; fewer than 100000 is allowed for quick tests but the run is "
                            + "labelled non-standard",
                    Integer.toString(Tp1Size.STANDARD_ACCOUNTS_PER_BRANCH)),
            new WorkloadOption(ORDER, "LIST",
                    "Order of the account, history, teller and branch writes (client and interactive logic)",
                    StatementOrder.DEFAULT.label()),
            new WorkloadOption(SUB_TRANSACTION, "t1|t1-conflict|t2",
                    "Instead of DebitCredit (none), run one of the sub-transactions that bound TP1's throughput (seed "
                            + "000, section 3): t1 amends an account by its key, each stream its own key; t1-conflict "
                            + "the same with one key for all streams; t2 appends a history row. Streams and client "
                            + "logic only; 'tpkit bound tp1' runs all of them and TP1 and computes the bound",
                    "none"),
            new WorkloadOption(OPS_PER_TRANSACTION, "K",
                    "T1 and T2 only: the amends or appends in each transaction, sent with its COMMIT in one "
                            + "round trip, so that the transaction's own cost is shared by K operations (the rate is "
                            + "operations per second); 1 is the seed's recipe, one per transaction",
                    Integer.toString(DEFAULT_OPS_PER_TRANSACTION)));

    private Tp1Options() {
    }

    /**
     * @throws BadInputException for an unknown option, a bad value, or a scale whose ids do not
     *                           fit an INT
     */
    static Tp1Settings parse(BenchmarkConfig config, int defaultScale, ArrivalModel defaultArrival) {
        Map<String, String> options = config.options();
        for (String key : options.keySet()) {
            if (OPTIONS.stream().noneMatch(o -> o.name().equals(key))) {
                throw new BadInputException("unknown tp1 option --" + key + ": tp1 understands "
                        + names());
            }
        }
        int branches = config.scale() == null ? defaultScale : config.scale();
        int accountsPerBranch = accountsPerBranch(options.get(ACCOUNTS_PER_BRANCH));
        checkIdsFit(branches, accountsPerBranch);
        Logic logic = config.logic();
        StatementOrder order = StatementOrder.DEFAULT;
        String orderText = options.get(ORDER);
        if (orderText != null) {
            order = StatementOrder.parse(orderText);
            if (logic == Logic.PROCEDURE && !order.equals(StatementOrder.DEFAULT)) {
                // the stored function has one fixed order; silently ignoring --order would misreport
                throw new BadInputException("--order works with --logic client or interactive: the stored procedure "
                        + "always runs " + StatementOrder.DEFAULT.label() + "; drop --order or use --logic client");
            }
        }
        ArrivalModel arrival = config.arrival() == null ? defaultArrival : config.arrival();
        String subText = options.get(SUB_TRANSACTION);
        SubTransaction sub = subText == null ? SubTransaction.NONE : SubTransaction.parse(subText);
        String opsText = options.get(OPS_PER_TRANSACTION);
        int ops = 1;
        if (sub != SubTransaction.NONE) {
            ops = opsPerTransaction(opsText);
            checkSubTransaction(sub, arrival, logic, orderText, branches * (long) accountsPerBranch, config.connections(),
                    ops);
        } else if (opsText != null) {
            throw new BadInputException("--" + OPS_PER_TRANSACTION + " applies to the sub-transactions only: add --"
                    + SUB_TRANSACTION + " t1|t1-conflict|t2, or drop it (DebitCredit is one transaction of its own)");
        }
        return new Tp1Settings(new Tp1Size(branches, accountsPerBranch), order, logic, arrival, sub,
                config.connections(), ops);
    }

    /** "--a, --b and --c" */
    private static String names() {
        List<String> names = OPTIONS.stream().map(o -> "--" + o.name()).toList();
        return String.join(", ", names.subList(0, names.size() - 1)) + " and " + names.getLast();
    }

    /** A sub-transaction is one statement and COMMIT, run by back-to-back streams (as McDonell ran them). */
    private static void checkSubTransaction(SubTransaction sub, ArrivalModel arrival, Logic logic, String order,
                                            long accounts, int streams, int ops) {
        String what = "--" + SUB_TRANSACTION + " " + sub.label;
        if (arrival != ArrivalModel.STREAMS) {
            throw new BadInputException(what + " runs as back-to-back streams: drop --arrival " + arrival.label());
        }
        if (logic != Logic.CLIENT) {
            throw new BadInputException(what + " is one statement and its COMMIT, sent by the driver: drop --logic "
                    + logic.label() + " (it applies to DebitCredit)");
        }
        if (order != null) {
            throw new BadInputException(what + " has one statement: drop --order (it applies to DebitCredit)");
        }
        if (sub == SubTransaction.T1 && (long) streams * ops > accounts) {
            throw new BadInputException(what + " gives each of the " + streams + " streams " + ops + " account"
                    + (ops == 1 ? "" : "s") + " of its own, but there are only " + accounts + " accounts: use fewer "
                    + "--connections, a smaller --" + OPS_PER_TRANSACTION + " or more accounts");
        }
        if (sub == SubTransaction.T1_CONFLICT && ops > accounts) {
            throw new BadInputException(what + " amends " + ops + " accounts, but there are only " + accounts
                    + ": use a smaller --" + OPS_PER_TRANSACTION + " or more accounts");
        }
    }

    /** A whole number of at least 1; 100 when not given. */
    static int opsPerTransaction(String text) {
        if (text == null) {
            return DEFAULT_OPS_PER_TRANSACTION;
        }
        try {
            int value = Integer.parseInt(text.trim());
            if (value >= 1 && value <= 10_000) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new BadInputException("--" + OPS_PER_TRANSACTION + " must be a whole number from 1 to 10000, e.g. --"
                + OPS_PER_TRANSACTION + " " + DEFAULT_OPS_PER_TRANSACTION + " (got '" + text + "')");
    }

    private static int accountsPerBranch(String text) {
        if (text == null) {
            return Tp1Size.STANDARD_ACCOUNTS_PER_BRANCH;
        }
        try {
            int value = Integer.parseInt(text.trim());
            if (value >= 1) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new BadInputException("--" + ACCOUNTS_PER_BRANCH + " must be a whole number of at least 1, "
                + "e.g. --" + ACCOUNTS_PER_BRANCH + " " + Tp1Size.STANDARD_ACCOUNTS_PER_BRANCH + " (got '" + text + "')");
    }

    /** Account and teller ids are INT columns. */
    private static void checkIdsFit(int branches, int accountsPerBranch) {
        long accounts = (long) branches * accountsPerBranch;
        long tellers = (long) branches * Tp1Size.TELLERS_PER_BRANCH;
        if (accounts > Integer.MAX_VALUE || tellers > Integer.MAX_VALUE) {
            boolean accountsBind = accounts >= tellers;
            long maxScale = Integer.MAX_VALUE / Math.max(accountsPerBranch, Tp1Size.TELLERS_PER_BRANCH);
            throw new BadInputException("scale " + branches + " with " + accountsPerBranch
                    + " accounts per branch needs " + Math.max(accounts, tellers)
                    + (accountsBind ? " account" : " teller") + " ids, more than an INT id holds ("
                    + Integer.MAX_VALUE + "): use a scale of at most " + maxScale);
        }
    }
}
