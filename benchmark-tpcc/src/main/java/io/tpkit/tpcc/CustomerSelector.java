package io.tpkit.tpcc;

/**
 * How Payment and Order-Status find their customer (§2.5.1.2, §2.6.1.2): by number, or by last
 * name, in which case the row at position ⌈n/2⌉ of the matches sorted by C_FIRST is taken.
 * Exactly one of {@code customerId} (when &gt; 0) and {@code lastName} (when not null) is set.
 */
record CustomerSelector(int customerId, String lastName) {
    CustomerSelector {
        if ((customerId > 0) == (lastName != null)) {
            throw new IllegalArgumentException("either a customer id or a last name: " + customerId + ", " + lastName);
        }
    }

    static CustomerSelector byId(int customerId) {
        return new CustomerSelector(customerId, null);
    }

    static CustomerSelector byLastName(String lastName) {
        return new CustomerSelector(0, lastName);
    }

    boolean byLastName() {
        return lastName != null;
    }
}
