package io.tpkit.tpcc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class LastNamesTest {
    @Test
    void syllablesOfTheDigitsHundredsFirst() {
        assertThat(LastNames.of(0)).isEqualTo("BARBARBAR");
        assertThat(LastNames.of(371)).isEqualTo("PRICALLYOUGHT");
        assertThat(LastNames.of(999)).isEqualTo("EINGEINGEING");
        assertThat(LastNames.of(40)).isEqualTo("BARPRESBAR");
        assertThat(LastNames.of(258)).isEqualTo("ABLEESEATION");
    }

    @Test
    void thousandDistinctNamesThatFitTheColumn() {
        Set<String> names = new HashSet<>();
        for (int n = 0; n <= 999; n++) {
            String name = LastNames.of(n);
            assertThat(name.length()).isLessThanOrEqualTo(16);
            names.add(name);
        }
        assertThat(names).hasSize(1_000);
    }

    @Test
    void rejectsNumbersOutOfRange() {
        assertThatThrownBy(() -> LastNames.of(1_000)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> LastNames.of(-1)).isInstanceOf(IllegalArgumentException.class);
    }
}
