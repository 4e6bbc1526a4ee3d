// What recording a conversion answers: a domain outcome (the route turns it into 201 or 200) and
// the data the client gets back.

export interface ConversionOutcome {
  /** created: a new entry was appended; deduplicated: an identical replay of an entry the ledger holds. */
  outcome: 'created' | 'deduplicated';
  data: {
    authoritative?: true;
    deduplicated?: true;
    conversion_id: string;
    entry_id: string;
    unresolved_touch_ids?: string[];
    unresolved_assignment_ids?: string[];
    state?: 'open' | 'cancelled';
    net_revenue?: number;
    net_commissionable?: number;
    net_margin?: number | null;
  };
}
