package io.tpkit.testing;

import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;

/**
 * Releases the shared servers (external servers, Docker) when the (top-level) test class that took them ends (registered for every
 * test JVM through META-INF/services, so that no test class has to remember it). A test JVM runs
 * its classes one after another, so the class that ends is the one that holds them.
 */
public final class SharedServersReleased implements TestExecutionListener {
    @Override
    public void executionFinished(TestIdentifier test, TestExecutionResult result) {
        boolean topLevelClass = test.getSource().filter(ClassSource.class::isInstance).map(ClassSource.class::cast)
                .map(source -> source.getJavaClass().getEnclosingClass() == null).orElse(false);
        if (topLevelClass) {
            SharedServers.release();
        }
    }
}
