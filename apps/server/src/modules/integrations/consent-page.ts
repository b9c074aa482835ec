import { INTEGRATION_APPS, type IntegrationAppSlug } from "@precedent/contracts";

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

export type ConsentRequest = {
  redirect_uri: string;
  state: string;
  code_challenge: string;
  code_challenge_method: string;
};

const CONSENT_FIELDS = ["redirect_uri", "state", "code_challenge", "code_challenge_method"] as const;

/** The sandbox provider's consent page: what the app asks for, and Allow or Deny. */
export function consentPage(slug: IntegrationAppSlug, request: ConsentRequest) {
  const name = INTEGRATION_APPS.find((a) => a.slug === slug)?.app ?? slug;
  // Only the four fields the form posts back, by name: whatever else the address carries (a client's
  // own parameters, or a name crafted to break out of the attribute) never reaches the page.
  const hidden = CONSENT_FIELDS.map(
    (key) => `<input type="hidden" name="${key}" value="${escapeHtml(String(request[key]))}">`,
  ).join("\n    ");
  return `<!doctype html>
<html lang="en-AU">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(name)} sandbox: allow access</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; padding: 24px; color: #1f1f1f; background: #f5f7fa; }
  main { max-width: 420px; margin: 0 auto; background: #fff; padding: 24px; border-radius: 8px; }
  h1 { font-size: 1.25rem; margin-top: 0; }
  .actions { display: flex; gap: 12px; margin-top: 24px; }
  button { font: inherit; padding: 10px 20px; border-radius: 6px; border: 1px solid #1d4ed8; cursor: pointer; }
  button[value="allow"] { background: #1d4ed8; color: #fff; }
  button[value="deny"] { background: #fff; color: #1d4ed8; }
  button:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
</style>
</head>
<body>
<main>
  <h1>Allow Precedent to use your ${escapeHtml(name)} sandbox account?</h1>
  <p>Precedent will read the clients, contacts and organisations of <strong>Harbour Practice (sandbox)</strong>
  and keep access until you disconnect it. This is a sandbox: no real account is used.</p>
  <form method="post">
    ${hidden}
    <div class="actions">
      <button type="submit" name="decision" value="allow">Allow</button>
      <button type="submit" name="decision" value="deny">Deny</button>
    </div>
  </form>
</main>
</body>
</html>`;
}
