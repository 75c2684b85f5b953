package io.tpkit.tpcc;

import static org.assertj.core.api.Assertions.assertThat;

import io.tpkit.api.Tpkit;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.config.Partition;
import io.tpkit.result.LoadReport;
import io.tpkit.runner.RunListener;
import io.tpkit.spi.workload.CheckResult;
import io.tpkit.testing.SqlAccess;
import io.tpkit.testing.TestDatabases;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * TPC-C loaded by two driver processes (two threads here, each a whole tpkit load with its own
 * pool) into the machine's PostgreSQL holds exactly the rows one process loads from the same
 * seed: every column of every row but the load's timestamps, hashed and summed per table. Needs
 * TPKIT_TEST_PG_URL (skipped without it).
 */
class TpccSplitLoadIT {
    private static final long SEED = 7;

    /** Each table's columns but the load's own time (C_SINCE, H_DATE, O_ENTRY_D, OL_DELIVERY_D's value). */
    private static final Map<String, String> ROWS = rows();

    private static Map<String, String> rows() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("warehouse", "w_id, w_name, w_street_1, w_street_2, w_city, w_state, w_zip, w_tax, w_ytd");
        m.put("district", "d_id, d_w_id, d_name, d_street_1, d_street_2, d_city, d_state, d_zip, d_tax, d_ytd, "
                + "d_next_o_id");
        m.put("customer", "c_id, c_d_id, c_w_id, c_first, c_middle, c_last, c_street_1, c_street_2, c_city, "
                + "c_state, c_zip, c_phone, c_credit, c_credit_lim, c_discount, c_balance, c_ytd_payment, "
                + "c_payment_cnt, c_delivery_cnt, c_data");
        m.put("history", "h_c_id, h_c_d_id, h_c_w_id, h_d_id, h_w_id, h_amount, h_data");
        m.put("oorder", "o_id, o_d_id, o_w_id, o_c_id, o_carrier_id, o_ol_cnt, o_all_local");
        m.put("new_order", "no_o_id, no_d_id, no_w_id");
        m.put("order_line", "ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, "
                + "CASE WHEN ol_delivery_d IS NULL THEN 'open' ELSE 'delivered' END, ol_quantity, ol_amount, "
                + "ol_dist_info");
        m.put("item", "i_id, i_im_id, i_name, i_price, i_data");
        m.put("stock", "s_i_id, s_w_id, s_quantity, s_dist_01, s_dist_02, s_dist_03, s_dist_04, s_dist_05, "
                + "s_dist_06, s_dist_07, s_dist_08, s_dist_09, s_dist_10, s_ytd, s_order_cnt, s_remote_cnt, s_data");
        return m;
    }

    private static String url(String server) {
        return server.equals("postgresql") ? TestDatabases.externalPostgresUrl() : TestDatabases.externalMysqlUrl();
    }

    private static String user(String server) {
        return server.equals("postgresql") ? TestDatabases.externalPostgresUser() : TestDatabases.externalMysqlUser();
    }

    private static BenchmarkConfig.Builder config(String server) {
        return BenchmarkConfig.builder("tpcc").target(url(server)).user(user(server)).scale(2).seed(SEED);
    }

    // PostgreSQL only: the parts' rendezvous and slices are the same code on MariaDB, where TP1's
    // SplitLoadIT runs them; two W=2 loads there cost the suite two and a half minutes
    @ParameterizedTest
    @ValueSource(strings = {"postgresql"})
    void twoPartsLoadTheRowsOneProcessLoadsFromTheSameSeed(String server) throws Exception {
        Tpkit.load(config(server).build(), RunListener.SILENT);
        Map<String, List<String>> whole = fingerprint(server);
        String cLoad = cLastLoad(server);
        SqlAccess.withStatement(url(server), user(server), s -> {
            for (String t : List.of("order_line", "new_order", "oorder", "history", "customer", "district", "stock",
                    "item", "warehouse", "tpcc_config")) {
                s.execute("DROP TABLE IF EXISTS " + t);
            }
            return null;
        });

        ExecutorService pool = Executors.newFixedThreadPool(2);
        List<LoadReport> parts = new ArrayList<>();
        try {
            // part 2 with another seed: it adopts part 1's, so that its warehouses get the whole load's generators
            Future<LoadReport> one = pool.submit(() -> Tpkit.load(config(server)
                    .partition(new Partition(1, 2, "tpcc")).build(), RunListener.SILENT));
            Future<LoadReport> two = pool.submit(() -> Tpkit.load(config(server).seed(SEED + 1)
                    .partition(new Partition(2, 2, "tpcc")).build(), RunListener.SILENT));
            parts.add(one.get());
            parts.add(two.get());
        } finally {
            pool.shutdown();
        }
        assertThat(parts).extracting(LoadReport::slice)
                .containsExactly("part 1/2: warehouse 1 of 2", "part 2/2: warehouse 2 of 2");

        assertThat(fingerprint(server)).isEqualTo(whole);
        assertThat(cLastLoad(server)).isEqualTo(cLoad);
        List<CheckResult> check = Tpkit.check(config(server).build(), RunListener.SILENT);
        assertThat(check).hasSize(12).allMatch(CheckResult::passed);
        for (int i = 1; i <= 2; i++) {
            List<CheckResult> slice = Tpkit.check(config(server).partition(new Partition(i, 2, "tpcc")).build(),
                    RunListener.SILENT);
            assertThat(slice).hasSize(12).allMatch(CheckResult::passed);
            assertThat(slice.getFirst().detail()).endsWith(i == 1 ? "(warehouse ids up to 1)" : "(warehouse ids from 2)");
        }
        // a district's year-to-date out of step with its history: the slice of its warehouse says so, the other not
        SqlAccess.withStatement(url(server), user(server), s -> s.executeUpdate(
                "UPDATE district SET d_ytd = d_ytd + 1 WHERE d_w_id = 2 AND d_id = 3"));
        assertThat(failed(server, 1)).isEmpty();
        assertThat(failed(server, 2)).containsExactly(TpccConsistency.CONDITIONS.get(0).name(),
                TpccConsistency.CONDITIONS.get(8).name());
    }

    private List<String> failed(String server, int part) throws Exception {
        return Tpkit.check(config(server).partition(new Partition(part, 2, "tpcc")).build(), RunListener.SILENT)
                .stream().filter(CheckResult::failed).map(CheckResult::name).toList();
    }

    private static String cLastLoad(String server) throws Exception {
        return SqlAccess.withStatement(url(server), user(server), s -> {
            try (ResultSet rs = s.executeQuery("SELECT cfg_value FROM tpcc_config WHERE cfg_name = 'c_last_load'")) {
                return rs.next() ? rs.getString(1) : null;
            }
        });
    }

    /** Per table: its row count and the sum of a 32-bit hash of each row's columns. */
    private static Map<String, List<String>> fingerprint(String server) throws Exception {
        return SqlAccess.withStatement(url(server), user(server), s -> {
            Map<String, List<String>> m = new LinkedHashMap<>();
            for (Map.Entry<String, String> t : ROWS.entrySet()) {
                String row = "CONCAT_WS('|', " + t.getValue() + ")";
                String hash = server.equals("postgresql")
                        ? "('x' || substr(md5(" + row + "), 1, 8))::bit(32)::bigint" : "CRC32(" + row + ")";
                try (ResultSet rs = s.executeQuery("SELECT COUNT(*), SUM(" + hash + ") FROM " + t.getKey())) {
                    rs.next();
                    m.put(t.getKey(), List.of(rs.getString(1), String.valueOf(rs.getString(2))));
                }
            }
            return m;
        });
    }
}
