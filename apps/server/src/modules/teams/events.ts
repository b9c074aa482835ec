declare module "../../platform/events/index.ts" {
  interface DomainEvents {
    /**
     * A member was taken out of the firm (POST /member/remove): raised in the removal's
     * transaction, under the firm's lock. Their work stays in the firm and becomes `toUserId`'s
     * (the owner's): the folders and documents modules hand over their My Documents there and
     * then. `handedOver` is the event's tally: each of those handlers adds how many of its rows
     * changed hands, and teams answers with the sums (the reply's `folders_reassigned` and
     * `documents_reassigned`). It is why this event is only for `on` handlers: a job could not
     * add to it.
     */
    "team.member-removed": {
      teamId: number;
      fromUserId: number;
      toUserId: number;
      formerMemberName: string;
      handedOver: { folders: number; documents: number };
    };
  }
}

export {};
