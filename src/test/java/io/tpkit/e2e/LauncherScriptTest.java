package io.tpkit.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** ./tpkit without any JDK >= 21 says so in one line and exits 2. */
class LauncherScriptTest {
    @TempDir
    Path temp;

    @Test
    void noSuitableJdkIsOneLineAndExitCode2() throws Exception {
        // the only java on the PATH is a Java 17 (a stand-in that answers like one)
        Path bin = Files.createDirectories(temp.resolve("jdk17/bin"));
        for (String tool : new String[] {"java", "javac"}) {
            Path f = Files.writeString(bin.resolve(tool),
                    "#!/bin/sh\necho '    java.specification.version = 17' >&2\n");
            Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        Path script = Path.of("..", "tpkit").toAbsolutePath().normalize();
        assertThat(script).exists();
        ProcessBuilder pb = new ProcessBuilder("bash", script.toString(), "list");
        pb.environment().remove("JAVA_HOME");
        pb.environment().put("TPKIT_JDK_SEARCH", "/nonexistent/jdk*");
        pb.environment().put("PATH", bin + ":/usr/bin:/bin");
        pb.redirectErrorStream(true);
        Process p = pb.start();
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.exitValue()).isEqualTo(2);
        assertThat(output.lines().toList()).hasSize(1);
        assertThat(output).contains("no JDK 21 or newer found");
        assertThat(Files.exists(script)).isTrue();
    }
}
