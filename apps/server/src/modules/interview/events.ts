declare module "../../platform/events/index.ts" {
  interface DomainEvents {
    /**
     * A completed document went back to In Progress (PUT /doc/relaunch): raised in the relaunch's
     * transaction. Signing voids what was sent of the old version.
     */
    "document.relaunched": { teamId: number; docId: number };
  }
}

export {};
