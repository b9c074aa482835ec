import { Button, Result } from "antd";
import { useEffect } from "react";
import { useRouteError } from "react-router";
import { reportError } from "../error-log";

/** Shown when a page fails to render; the error goes to the client error log. */
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    reportError(error, "Page failed to render");
  }, [error]);
  return (
    <Result
      status="error"
      title="Something went wrong"
      subTitle="This page could not be shown. Reloading it usually helps; the error has been reported."
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          Reload the page
        </Button>
      }
    />
  );
}
