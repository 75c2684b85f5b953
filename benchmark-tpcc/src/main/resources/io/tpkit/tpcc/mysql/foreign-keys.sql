-- The 10 foreign keys of §1.3.1: D->W, C->D, H->C, H->D, O->C, NO->O, OL->O, OL->S, S->W, S->I.
-- Optional in practice (they cost work on every insert), so the loader can skip them.
ALTER TABLE district ADD CONSTRAINT district_warehouse_fk
    FOREIGN KEY (d_w_id) REFERENCES warehouse (w_id);
ALTER TABLE customer ADD CONSTRAINT customer_district_fk
    FOREIGN KEY (c_w_id, c_d_id) REFERENCES district (d_w_id, d_id);
ALTER TABLE history ADD CONSTRAINT history_customer_fk
    FOREIGN KEY (h_c_w_id, h_c_d_id, h_c_id) REFERENCES customer (c_w_id, c_d_id, c_id);
ALTER TABLE history ADD CONSTRAINT history_district_fk
    FOREIGN KEY (h_w_id, h_d_id) REFERENCES district (d_w_id, d_id);
ALTER TABLE oorder ADD CONSTRAINT oorder_customer_fk
    FOREIGN KEY (o_w_id, o_d_id, o_c_id) REFERENCES customer (c_w_id, c_d_id, c_id);
ALTER TABLE new_order ADD CONSTRAINT new_order_oorder_fk
    FOREIGN KEY (no_w_id, no_d_id, no_o_id) REFERENCES oorder (o_w_id, o_d_id, o_id);
ALTER TABLE order_line ADD CONSTRAINT order_line_oorder_fk
    FOREIGN KEY (ol_w_id, ol_d_id, ol_o_id) REFERENCES oorder (o_w_id, o_d_id, o_id);
ALTER TABLE order_line ADD CONSTRAINT order_line_stock_fk
    FOREIGN KEY (ol_supply_w_id, ol_i_id) REFERENCES stock (s_w_id, s_i_id);
ALTER TABLE stock ADD CONSTRAINT stock_warehouse_fk
    FOREIGN KEY (s_w_id) REFERENCES warehouse (w_id);
ALTER TABLE stock ADD CONSTRAINT stock_item_fk
    FOREIGN KEY (s_i_id) REFERENCES item (i_id);
