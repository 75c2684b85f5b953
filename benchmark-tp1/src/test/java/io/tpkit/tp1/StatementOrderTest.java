package io.tpkit.tp1;

import static io.tpkit.tp1.TransactionStep.ACCOUNT;
import static io.tpkit.tp1.TransactionStep.BRANCH;
import static io.tpkit.tp1.TransactionStep.HISTORY;
import static io.tpkit.tp1.TransactionStep.TELLER;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tpkit.config.BadInputException;
import org.junit.jupiter.api.Test;

class StatementOrderTest {
    @Test
    void theDefaultIsDebitCreditsOrder() {
        assertThat(StatementOrder.DEFAULT.steps()).containsExactly(ACCOUNT, HISTORY, TELLER, BRANCH);
        assertThat(StatementOrder.DEFAULT.label()).isEqualTo("account,history,teller,branch");
    }

    @Test
    void anyPermutationParses() {
        assertThat(StatementOrder.parse("account,teller,branch,history").steps())
                .containsExactly(ACCOUNT, TELLER, BRANCH, HISTORY);
        assertThat(StatementOrder.parse(" Branch , TELLER,history ,account").steps())
                .containsExactly(BRANCH, TELLER, HISTORY, ACCOUNT);
    }

    @Test
    void theLabelParsesBack() {
        StatementOrder order = StatementOrder.parse("history,account,branch,teller");
        assertThat(StatementOrder.parse(order.label())).isEqualTo(order);
    }

    @Test
    void aMissingStepIsRejected() {
        assertThatThrownBy(() -> StatementOrder.parse("account,history,teller"))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("--order must list account, history, teller and branch once each")
                .hasMessageContaining("all four are needed");
    }

    @Test
    void aRepeatedStepIsRejected() {
        assertThatThrownBy(() -> StatementOrder.parse("account,history,teller,account"))
                .isInstanceOf(BadInputException.class).hasMessageContaining("'account' appears twice");
    }

    @Test
    void anUnknownStepIsRejected() {
        assertThatThrownBy(() -> StatementOrder.parse("account,history,teller,bank"))
                .isInstanceOf(BadInputException.class).hasMessageContaining("'bank' is not one of them");
        assertThatThrownBy(() -> StatementOrder.parse(""))
                .isInstanceOf(BadInputException.class);
        assertThatThrownBy(() -> StatementOrder.parse("account,history,teller,branch,"))
                .isInstanceOf(BadInputException.class);
    }

    @Test
    void messagesAreOneLine() {
        assertThatThrownBy(() -> StatementOrder.parse("x")).message().doesNotContain("\n");
    }
}
