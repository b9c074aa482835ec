import { Button, type ButtonProps } from "antd";
import type { MouseEvent } from "react";
import { useNavigate } from "react-router";

type ButtonLinkProps = Omit<ButtonProps, "href" | "onClick"> & { to: string };

/** A link that looks like a button: a real <a href>, so it can be opened in a new tab. */
export function ButtonLink({ to, ...buttonProps }: ButtonLinkProps) {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate(to);
  };
  return <Button {...buttonProps} href={to} onClick={onClick} />;
}
