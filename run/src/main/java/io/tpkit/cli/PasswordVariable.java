package io.tpkit.cli;

/**
 * {@code --password-env NAME}: what to say when NAME names no variable that is set. The value may
 * be the password itself, typed where the name goes, so it is repeated only when it reads as the
 * name of an environment variable by the usual convention (capitals, digits and underscores).
 */
final class PasswordVariable {
    private PasswordVariable() {
    }

    /** Whether a shell can export a variable of this name. */
    static boolean valid(String name) {
        return name.matches("[A-Za-z_][A-Za-z0-9_]*");
    }

    static String notSet(String value) {
        String advice = "export it first (export NAME='the password') and give --password-env NAME";
        if (value.matches("[A-Z_][A-Z0-9_]*")) {
            return "--password-env " + value + ": the environment variable " + value + " is not set: export it "
                    + "first (export " + value + "='the password')";
        }
        return "--password-env takes the name of an environment variable that holds the password, not the password; "
                + (valid(value) ? "no variable of the name given is set" : "the value given is not a variable's name")
                + " (not repeated here, in case it is the password): " + advice;
    }
}
