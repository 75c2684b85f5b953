package io.tpkit.tp1;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tpkit.config.ArrivalModel;
import io.tpkit.config.BadInputException;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.config.Logic;
import io.tpkit.spi.workload.WorkloadOption;
import org.junit.jupiter.api.Test;

class Tp1OptionsTest {
    private static Tp1Settings parse(BenchmarkConfig.Builder b) {
        return Tp1Options.parse(b.build(), 1, ArrivalModel.STREAMS);
    }

    private static BenchmarkConfig.Builder config() {
        return BenchmarkConfig.builder("tp1");
    }

    @Test
    void defaultsAreAStandardTpcBRunOfOneBranch() {
        Tp1Settings s = parse(config());
        assertThat(s.size()).isEqualTo(new Tp1Size(1, 100_000));
        assertThat(s.size().standard()).isTrue();
        assertThat(s.order()).isEqualTo(StatementOrder.DEFAULT);
        assertThat(s.arrival()).isEqualTo(ArrivalModel.STREAMS);
        assertThat(s.logic()).isEqualTo(Logic.CLIENT);
        assertThat(s.tpcA()).isFalse();
    }

    @Test
    void scaleArrivalAndOptionsAreTaken() {
        Tp1Settings s = parse(config().scale(12).arrival(ArrivalModel.CLOSED)
                .option("accounts-per-branch", " 2500 ").option("order", "account,teller,branch,history"));
        assertThat(s.size()).isEqualTo(new Tp1Size(12, 2_500));
        assertThat(s.size().tellers()).isEqualTo(120);
        assertThat(s.size().accounts()).isEqualTo(30_000);
        assertThat(s.size().standard()).isFalse();
        assertThat(s.order().label()).isEqualTo("account,teller,branch,history");
        assertThat(s.tpcA()).isTrue();
    }

    @Test
    void anUnknownOptionIsRejectedAndTheKnownOnesNamed() {
        assertThatThrownBy(() -> parse(config().option("warehouses", "3")))
                .isInstanceOf(BadInputException.class)
                .hasMessage("unknown tp1 option --warehouses: tp1 understands --accounts-per-branch, --order, --sub-transaction and --ops-per-transaction");
    }

    @Test
    void accountsPerBranchMustBeAPositiveWholeNumber() {
        for (String bad : new String[] {"abc", "0", "-5", "1.5", "", "99999999999"}) {
            assertThatThrownBy(() -> parse(config().option("accounts-per-branch", bad)))
                    .as(bad).isInstanceOf(BadInputException.class)
                    .hasMessageStartingWith("--accounts-per-branch must be a whole number of at least 1")
                    .hasMessageContaining("(got '" + bad + "')");
        }
    }

    @Test
    void aScaleWhoseAccountIdsOverflowAnIntIsRejected() {
        assertThat(parse(config().scale(21_474)).size().accounts()).isEqualTo(2_147_400_000);
        assertThatThrownBy(() -> parse(config().scale(21_475)))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("2147500000 account ids")
                .hasMessageEndingWith("use a scale of at most 21474");
    }

    @Test
    void tellerIdsAreCheckedTooWhenBranchesAreTiny() {
        assertThatThrownBy(() -> parse(config().scale(300_000_000).option("accounts-per-branch", "1")))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("teller ids")
                .hasMessageEndingWith("use a scale of at most 214748364");
    }

    @Test
    void aBadOrderIsRejected() {
        assertThatThrownBy(() -> parse(config().option("order", "account,branch")))
                .isInstanceOf(BadInputException.class).hasMessageStartingWith("--order must list");
    }

    @Test
    void theProcedureHasOneFixedOrder() {
        assertThatThrownBy(() -> parse(config().logic(Logic.PROCEDURE).option("order", "branch,teller,history,account")))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("--order works with --logic client or interactive");
        // the interactive logic sends the client's statements one by one, in the order asked
        assertThat(parse(config().logic(Logic.INTERACTIVE).option("order", "branch,teller,history,account")).order()
                .label()).isEqualTo("branch,teller,history,account");
        // stating the order the procedure uses anyway is fine
        assertThat(parse(config().logic(Logic.PROCEDURE).option("order", "account,history,teller,branch")).order())
                .isEqualTo(StatementOrder.DEFAULT);
    }

    @Test
    void theOptionsAreDescribedWithTheirDefaults() {
        assertThat(Tp1Options.OPTIONS).extracting(WorkloadOption::name, WorkloadOption::defaultValue)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("accounts-per-branch", "100000"),
                        org.assertj.core.groups.Tuple.tuple("order", "account,history,teller,branch"),
                        org.assertj.core.groups.Tuple.tuple("sub-transaction", "none"),
                        org.assertj.core.groups.Tuple.tuple("ops-per-transaction", "100"));
    }

    @Test
    void subTransactionsAreChosenByName() {
        assertThat(parse(config()).sub()).isEqualTo(SubTransaction.NONE);
        assertThat(parse(config().option("sub-transaction", "t1")).sub()).isEqualTo(SubTransaction.T1);
        assertThat(parse(config().option("sub-transaction", " T1-Conflict")).sub()).isEqualTo(SubTransaction.T1_CONFLICT);
        Tp1Settings t2 = parse(config().option("sub-transaction", "t2").connections(6));
        assertThat(t2.sub()).isEqualTo(SubTransaction.T2);
        assertThat(t2.streams()).isEqualTo(6);
        assertThat(parse(config().option("sub-transaction", "none")).sub()).isEqualTo(SubTransaction.NONE);
        assertThatThrownBy(() -> parse(config().option("sub-transaction", "t3")))
                .isInstanceOf(BadInputException.class)
                .hasMessage("--sub-transaction must be one of t1, t1-conflict, t2 (or none for DebitCredit itself), got 't3'");
    }

    @Test
    void subTransactionsRunAsClientStreamsWithTheirOneStatement() {
        assertThatThrownBy(() -> parse(config().option("sub-transaction", "t1").arrival(ArrivalModel.CLOSED)))
                .isInstanceOf(BadInputException.class).hasMessageContaining("drop --arrival closed");
        assertThatThrownBy(() -> parse(config().option("sub-transaction", "t2").logic(Logic.PROCEDURE)))
                .isInstanceOf(BadInputException.class).hasMessageContaining("drop --logic procedure");
        assertThatThrownBy(() -> parse(config().option("sub-transaction", "t1").logic(Logic.INTERACTIVE)))
                .isInstanceOf(BadInputException.class).hasMessageContaining("drop --logic interactive");
        assertThatThrownBy(() -> parse(config().option("sub-transaction", "t1").option("order", "branch,teller,account,history")))
                .isInstanceOf(BadInputException.class).hasMessageContaining("drop --order");
        assertThatThrownBy(() -> parse(config().option("sub-transaction", "t1").option("accounts-per-branch", "3")
                .connections(4)))
                .isInstanceOf(BadInputException.class).hasMessageContaining("only 3 accounts");
        // with conflict all streams share their accounts anyway
        assertThat(parse(config().option("sub-transaction", "t1-conflict").option("accounts-per-branch", "3")
                .option("ops-per-transaction", "3").connections(4)).sub()).isEqualTo(SubTransaction.T1_CONFLICT);
        assertThatThrownBy(() -> parse(config().option("sub-transaction", "t1-conflict").option("accounts-per-branch", "3")
                .connections(4))).isInstanceOf(BadInputException.class).hasMessageContaining("amends 100 accounts");
    }

    @Test
    void subTransactionsDoAHundredOperationsPerTransactionUnlessToldOtherwise() {
        assertThat(parse(config().option("sub-transaction", "t2")).ops()).isEqualTo(100);
        assertThat(parse(config().option("sub-transaction", "t2").option("ops-per-transaction", "1")).ops()).isEqualTo(1);
        assertThat(parse(config()).ops()).isEqualTo(1);
        assertThatThrownBy(() -> parse(config().option("ops-per-transaction", "10")))
                .isInstanceOf(BadInputException.class).hasMessageContaining("applies to the sub-transactions only");
        assertThatThrownBy(() -> parse(config().option("sub-transaction", "t2").option("ops-per-transaction", "0")))
                .isInstanceOf(BadInputException.class)
                .hasMessage("--ops-per-transaction must be a whole number from 1 to 10000, e.g. --ops-per-transaction "
                        + "100 (got '0')");
    }
}
