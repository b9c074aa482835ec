import { Result } from "antd";
import { HOME_PATH } from "../constants";
import { ButtonLink } from "./ButtonLink";

/**
 * Inside the account area the page sits in the layout's main landmark; an address outside it
 * (`/nowhere`) has no layout around it, so the page is its own `<main>`: one per page either way.
 */
export function NotFoundPage({ standalone = false }: { standalone?: boolean }) {
  const page = (
    <>
      <title>Page not found · Precedent</title>
      <Result
        status="404"
        title="Page not found"
        subTitle="The page you are looking for does not exist or has moved."
        extra={
          <ButtonLink type="primary" to={HOME_PATH}>
            Back to My Company
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
