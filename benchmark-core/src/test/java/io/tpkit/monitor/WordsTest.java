package io.tpkit.monitor;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class WordsTest {
    @Test
    void splitsAtRunsOfSpacesAndTabsAsTrimAndSplitDid() {
        for (String line : new String[] {"cpu  4705 356 584 3699176 23060 0 277 0 0 0", "   8       0 sda 1 2 3 4",
                "\tMemTotal:\t 16303428 kB  ", "pgmajfault 12", "", "   ", "one"}) {
            String[] expected = line.trim().isEmpty() ? new String[0] : line.trim().split("\\s+");
            assertThat(Words.of(line)).as(line).containsExactly(expected);
        }
    }
}
