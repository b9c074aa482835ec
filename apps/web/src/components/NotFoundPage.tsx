import { Result } from "antd";
import { HOME_PATH } from "../constants";
import { ButtonLink } from "./ButtonLink";

/** Where the page's one button leads: the customers' home, unless the address was the console's. */
type WayBack = { readonly to: string; readonly label: string };
const HOME: WayBack = { to: HOME_PATH, label: "Back to My Company" };
const CONSOLE: WayBack = { to: "/console", label: "Back to the console" };

/**
 * Inside the account area the page sits in the layout's main landmark; an address outside it
 * (`/nowhere`) has no layout around it, so the page is its own `<main>`: one per page either way.
 */
export function NotFoundPage({ standalone = false, back = HOME }: { standalone?: boolean; back?: WayBack }) {
  const page = (
    <>
      <title>Page not found · Precedent</title>
      <Result
        status="404"
        // The page's one heading, drawn as antd draws a result's title.
        title={<h1 style={{ font: "inherit", color: "inherit", margin: 0 }}>Page not found</h1>}
        subTitle="The page you are looking for does not exist or has moved."
        extra={
          <ButtonLink type="primary" to={back.to}>
            {back.label}
          </ButtonLink>
        }
      />
    </>
  );
  return standalone ? <main>{page}</main> : page;
}

/** The not-found page for addresses outside the account area. */
export function StandaloneNotFoundPage() {
  return <NotFoundPage standalone />;
}

/**
 * An unknown address under the console's (`/console/templates`: its areas are `?tab=`): staff are
 * led back to the console, not to a firm's pages they have no account for.
 */
export function ConsoleNotFoundPage() {
  return <NotFoundPage standalone back={CONSOLE} />;
}
