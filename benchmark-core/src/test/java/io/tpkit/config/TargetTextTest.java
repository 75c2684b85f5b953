package io.tpkit.config;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TargetTextTest {
    @Test
    void aPasswordInParenthesesIsHiddenAndTheRestOfTheUrlKept() {
        assertThat(TargetText.redact("jdbc:mysql://address=(host=db)(port=3306)(password=s3cr&t)/bench?useSSL=false"))
                .isEqualTo("jdbc:mysql://address=(host=db)(port=3306)(password=***)/bench?useSSL=false");
    }

    @Test
    void theQueryStringAndUserInfoFormsStayRedacted() {
        assertThat(TargetText.redact("jdbc:postgresql://h/db?user=u&password=x&ssl=true"))
                .isEqualTo("jdbc:postgresql://h/db?user=u&password=***&ssl=true");
        assertThat(TargetText.redact("jdbc:mysql://u:pw@h:3306/db")).isEqualTo("jdbc:mysql://u:***@h:3306/db");
    }
}
