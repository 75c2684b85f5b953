package io.tpkit.tpcc;

import java.util.List;

/**
 * Table and column names, lower case as BenchBase spells them so that one tool's data set can be
 * run and checked by the other. The column lists are the order in which the loader streams
 * values; they must match the tables of the {@code schema} block in {@code sql/default.sql}.
 */
final class TpccTables {
    static final String WAREHOUSE = "warehouse";
    static final String DISTRICT = "district";
    static final String CUSTOMER = "customer";
    static final String HISTORY = "history";
    static final String NEW_ORDER = "new_order";
    /** {@code ORDER} is a reserved word. */
    static final String ORDER = "oorder";
    static final String ORDER_LINE = "order_line";
    static final String ITEM = "item";
    static final String STOCK = "stock";
    /** Not a TPC-C table: keeps C_LOAD, which the run needs for the C_LAST delta rule. */
    static final String CONFIG = "tpcc_config";

    /** The nine TPC-C tables, parents before children. */
    static final List<String> ALL = List.of(WAREHOUSE, DISTRICT, CUSTOMER, HISTORY, ORDER, NEW_ORDER,
            ORDER_LINE, ITEM, STOCK);

    static final List<String> ITEM_COLUMNS = List.of("i_id", "i_im_id", "i_name", "i_price", "i_data");
    static final List<String> WAREHOUSE_COLUMNS = List.of("w_id", "w_name", "w_street_1", "w_street_2",
            "w_city", "w_state", "w_zip", "w_tax", "w_ytd");
    static final List<String> DISTRICT_COLUMNS = List.of("d_id", "d_w_id", "d_name", "d_street_1",
            "d_street_2", "d_city", "d_state", "d_zip", "d_tax", "d_ytd", "d_next_o_id");
    static final List<String> CUSTOMER_COLUMNS = List.of("c_id", "c_d_id", "c_w_id", "c_first", "c_middle",
            "c_last", "c_street_1", "c_street_2", "c_city", "c_state", "c_zip", "c_phone", "c_since",
            "c_credit", "c_credit_lim", "c_discount", "c_balance", "c_ytd_payment", "c_payment_cnt",
            "c_delivery_cnt", "c_data");
    static final List<String> HISTORY_COLUMNS = List.of("h_c_id", "h_c_d_id", "h_c_w_id", "h_d_id", "h_w_id",
            "h_date", "h_amount", "h_data");
    static final List<String> ORDER_COLUMNS = List.of("o_id", "o_d_id", "o_w_id", "o_c_id", "o_entry_d",
            "o_carrier_id", "o_ol_cnt", "o_all_local");
    static final List<String> NEW_ORDER_COLUMNS = List.of("no_o_id", "no_d_id", "no_w_id");
    static final List<String> ORDER_LINE_COLUMNS = List.of("ol_o_id", "ol_d_id", "ol_w_id", "ol_number",
            "ol_i_id", "ol_supply_w_id", "ol_delivery_d", "ol_quantity", "ol_amount", "ol_dist_info");
    static final List<String> STOCK_COLUMNS = List.of("s_i_id", "s_w_id", "s_quantity", "s_dist_01",
            "s_dist_02", "s_dist_03", "s_dist_04", "s_dist_05", "s_dist_06", "s_dist_07", "s_dist_08",
            "s_dist_09", "s_dist_10", "s_ytd", "s_order_cnt", "s_remote_cnt", "s_data");

    private TpccTables() {
    }
}
