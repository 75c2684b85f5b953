package io.tpkit.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tpkit.result.ResultReader;
import io.tpkit.result.RunResult;
import org.junit.jupiter.api.Test;

/** The model's parameters read from a run's result (parts of a result.json), and its predictions. */
class QueueingModelTest {
    private static RunResult result(boolean local) throws Exception {
        return typed(tree(local));
    }

    private static RunResult typed(JsonNode tree) {
        return ResultReader.of(tree, "a test's result.json");
    }

    private static JsonNode tree(boolean local) throws Exception {
        // two types: a 1,000 x (service 4 ms, response 5 ms), b 3,000 x (service 1 ms, response 2 ms) in 10 s;
        // a deferred type that the model leaves out; 100 + 400 us of CPU per commit on 2 CPUs
        String json = """
                {"resultDir": "/r/1", "workload": {"terminals": 1, "connections": 1},
                 "environment": {"cpus": 2},
                 "metrics": {"measurementSeconds": 10.0, "totalCommitted": 4000, "types": [
                   {"name": "a", "response": {"count": 1000, "meanMs": 5.0}, "service": {"meanMs": 4.0}},
                   {"name": "b", "response": {"count": 3000, "meanMs": 2.0}, "service": {"meanMs": 1.0}},
                   {"name": "b (deferred)", "response": {"count": 50, "meanMs": 900.0}, "service": {"meanMs": 9.0}}]},
                 "cost": {"committed": 4000, "driverCpuMicros": 100.0, "databaseCpuMicros": 400.0 %s}}
                """.formatted(local ? ", \"databaseMachinePct\": 30.0" : "");
        return new ObjectMapper().readTree(json);
    }

    @Test
    void demandsFromTheCalibrationRun() throws Exception {
        QueueingModel.Inputs in = QueueingModel.inputs(result(true), 0, "streams");
        // S = 0.25 x 4 + 0.75 x 1 = 1.75 ms; D_cpu = 0.1 + 0.4 = 0.5 ms; D_other = 1.25 ms
        assertThat(in.serviceDemandMs()).isCloseTo(1.75, within(1e-12));
        assertThat(in.cpuDemandMs()).isCloseTo(0.5, within(1e-12));
        assertThat(in.cpus()).isEqualTo(2);
        assertThat(in.otherDemandMs()).isCloseTo(1.25, within(1e-12));
        assertThat(in.other()).isEqualTo("delay");
        assertThat(in.types()).extracting(QueueingModel.TypeDemand::type).containsExactly("a", "b");
        assertThat(in.types().get(0).share()).isCloseTo(0.25, within(1e-12));
        assertThat(in.notes()).anyMatch(n -> n.contains("deferred"));

        QueueingModel.Measured m = QueueingModel.measured(result(true));
        assertThat(m.throughput()).isCloseTo(400, within(1e-9));
        assertThat(m.responseMs()).isCloseTo(2.75, within(1e-12));
    }

    @Test
    void predictionsForStreams() throws Exception {
        QueueingModel.Inputs delay = QueueingModel.inputs(result(true), 0, "streams");
        // one stream: X = 1 / 1.75 ms
        assertThat(QueueingModel.predict(delay, 1, 1).throughput()).isCloseTo(1000 / 1.75, within(1e-6));
        // two streams on two CPUs and a delay: nobody waits, X doubles
        assertThat(QueueingModel.predict(delay, 2, 2).throughput()).isCloseTo(2000 / 1.75, within(1e-6));
        assertThat(QueueingModel.predict(delay, 2, 2).responseMs()).isCloseTo(1.75, within(1e-9));

        // with the other demand as a queue, n = 2: Q_other(1) = X(1) D_other = (1/1.75) x 1.25 = 0.7142857,
        // R_other = 1.25 x 1.7142857 = 2.1428571 ms; the CPUs: P(1|1) = X(1) D_cpu = 0.2857143, P(0|1) = 0.7142857,
        // R_cpu = 0.5 x 0.7142857 + 2 x 0.25 x 0.2857143 = 0.5 ms; R = 2.6428571 ms, X = 2 / R = 756.7568 / s
        QueueingModel.Inputs queue = QueueingModel.inputs(result(true), 0, "streams", QueueingModel.Other.QUEUE);
        assertThat(QueueingModel.predict(queue, 2, 2).responseMs()).isCloseTo(2.6428571, within(1e-6));
        assertThat(QueueingModel.predict(queue, 2, 2).throughput()).isCloseTo(756.7568, within(1e-3));
    }

    @Test
    void theDriversCpuComesFromItsConnectionThreadsWhenEveryTypeHasIt() throws Exception {
        com.fasterxml.jackson.databind.node.ObjectNode r = (com.fasterxml.jackson.databind.node.ObjectNode) tree(true);
        ((com.fasterxml.jackson.databind.node.ObjectNode) r.at("/metrics/types/0")).putObject("cost")
                .put("transactions", 1000).put("driverCpuMicros", 200.0);
        ((com.fasterxml.jackson.databind.node.ObjectNode) r.at("/metrics/types/1")).putObject("cost")
                .put("transactions", 3000).put("driverCpuMicros", 40.0);
        ((com.fasterxml.jackson.databind.node.ObjectNode) r.path("cost")).put("driverJitMicros", 60.0);
        ((com.fasterxml.jackson.databind.node.ObjectNode) r.at("/metrics/types/2")).putObject("cost")
                .put("transactions", 50).put("driverCpuMicros", 400.0);
        // (1,000 x 200 + 3,000 x 40 + 50 x 400 deferred) / 4,000 interactions = 85 us of driver CPU, + 400 us of
        // database CPU = 0.485 ms
        QueueingModel.Inputs in = QueueingModel.inputs(typed(r), 0, "streams");
        assertThat(in.cpuDemandMs()).isCloseTo(0.485, within(1e-12));
        assertThat(in.cpuSource()).contains("connections' threads");
        assertThat(in.types().get(0).driverCpuUs()).isEqualTo(200);
        // a type no connection executed (a deferred type's terminal part) adds nothing
        ((com.fasterxml.jackson.databind.node.ObjectNode) r.at("/metrics/types/2/cost")).put("transactions", 0)
                .put("driverCpuMicros", -1.0);
        assertThat(QueueingModel.inputs(typed(r), 0, "streams").cpuDemandMs()).isCloseTo(0.48, within(1e-12));
        // without a type's figure: the process CPU less the JIT compiler's, 100 - 60 = 40 us
        ((com.fasterxml.jackson.databind.node.ObjectNode) r.at("/metrics/types/1")).remove("cost");
        assertThat(QueueingModel.inputs(typed(r), 0, "streams").cpuDemandMs()).isCloseTo(0.44, within(1e-12));
    }

    @Test
    void aRemoteDatabaseIsOneStation() throws Exception {
        QueueingModel.Inputs in = QueueingModel.inputs(result(false), 0, "streams");
        assertThat(in.cpuDemandMs()).isNull();
        assertThat(in.otherDemandMs()).isCloseTo(1.75, within(1e-12));
        assertThat(in.stations()).singleElement().extracting(Mva.Station::name).isEqualTo("database");
        assertThat(in.cpuSource()).contains("no cpu station");
    }

    @Test
    void terminalsWithThinkTimeShareConnections() throws Exception {
        QueueingModel.Inputs in = QueueingModel.inputs(result(true), 1.0, "closed");
        // 10 terminals thinking 1 s, S = 1.75 ms: nearly no contention, X close to 10 / 1.00175
        QueueingModel.Prediction p = QueueingModel.predict(in, 10, 2);
        assertThat(p.throughput()).isCloseTo(10 / 1.00175, within(0.01));
        assertThat(p.terminals()).isEqualTo(10);
        // a single connection caps throughput at 1 / 1.75 ms whatever the terminals
        assertThat(QueueingModel.predict(in, 5000, 1).throughput()).isLessThanOrEqualTo(1000 / 1.75 + 1e-6)
                .isGreaterThan(0.99 * 1000 / 1.75);
    }
}
