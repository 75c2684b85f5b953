-- The keys the design implies between the data tables. History gets none: checking three
-- parents on every append would add work the benchmark does not ask for.
ALTER TABLE tp1_teller ADD CONSTRAINT tp1_teller_branch_fk FOREIGN KEY (bid) REFERENCES tp1_branch (bid);
ALTER TABLE tp1_account ADD CONSTRAINT tp1_account_branch_fk FOREIGN KEY (bid) REFERENCES tp1_branch (bid);
