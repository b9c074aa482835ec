import { SessionGate } from "../session/SessionGate";
import { AccountLayout } from "./AccountLayout";

/** /my-account/*: the auth check first, then the shell. */
export function AccountArea() {
  return (
    <SessionGate>
      <AccountLayout />
    </SessionGate>
  );
}
