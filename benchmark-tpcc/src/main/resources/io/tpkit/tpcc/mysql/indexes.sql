-- Secondary indexes the transactions need; the spec leaves them to the implementation.
-- Payment and Order-Status find a customer by last name, sorted by first name.
CREATE INDEX customer_name_idx ON customer (c_w_id, c_d_id, c_last, c_first);
-- Order-Status reads the customer's most recent order.
CREATE INDEX oorder_customer_idx ON oorder (o_w_id, o_d_id, o_c_id, o_id);
