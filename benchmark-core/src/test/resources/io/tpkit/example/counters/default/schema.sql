-- the same in every dialect tpkit knows: no dialect folder needed
DROP TABLE IF EXISTS counters;
CREATE TABLE counters (id INT PRIMARY KEY, hits BIGINT NOT NULL);
