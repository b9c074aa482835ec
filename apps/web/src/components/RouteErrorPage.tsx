import { CloseCircleFilled } from "@ant-design/icons";
import { Button, Flex, theme } from "antd";
import { useEffect } from "react";
import { useRouteError } from "react-router";
import { reportError } from "../error-log";

/**
 * Shown when a page fails to render; the error goes to the client error log. It is part of the
 * first load (a page's code that failed to download must still be answered), so it is laid out
 * here rather than with antd's Result, whose 404/403/500 illustrations would all come with it.
 */
export function RouteErrorPage({ standalone = false }: { standalone?: boolean }) {
  const error = useRouteError();
  const { token } = theme.useToken();
  useEffect(() => {
    reportError(error, "Page failed to render");
  }, [error]);
  return (
    // At the root it replaces every layout, so it is the page's main landmark; inside the account
    // area it sits in the layout's own.
    <Flex
      component={standalone ? "main" : "div"}
      vertical
      align="center"
      gap={token.marginMD}
      style={{ padding: "48px 32px", textAlign: "center" }}
    >
      <CloseCircleFilled style={{ fontSize: 72, color: token.colorError }} aria-hidden />
      <div
        style={{
          fontSize: token.fontSizeHeading3,
          lineHeight: token.lineHeightHeading3,
          color: token.colorTextHeading,
        }}
      >
        Something went wrong
      </div>
      <div style={{ color: token.colorTextDescription }}>
        This page could not be shown. Reloading it usually helps; the error has been reported.
      </div>
      <Button type="primary" onClick={() => window.location.reload()}>
        Reload the page
      </Button>
    </Flex>
  );
}
