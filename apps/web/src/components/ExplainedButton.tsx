import { Button, type ButtonProps, Tooltip } from "antd";
import { useId } from "react";

type ExplainedButtonProps = ButtonProps & {
  /** Why the button does nothing now; undefined when it may be used. */
  unavailableBecause: string | undefined;
};

/**
 * A button that, when it cannot be used, says why: in a tooltip on hover and on keyboard focus, and
 * to screen readers as its description. A plain disabled button can neither take focus nor show a
 * tooltip, so a keyboard user was never told.
 */
export function ExplainedButton({ unavailableBecause, onClick, className, ...props }: ExplainedButtonProps) {
  const reasonId = useId();
  const unavailable = unavailableBecause !== undefined;
  return (
    <>
      <Tooltip title={unavailableBecause} trigger={["hover", "focus"]}>
        <Button
          {...props}
          className={[className, unavailable ? "explained-button--unavailable" : undefined]
            .filter(Boolean)
            .join(" ")}
          aria-disabled={unavailable || undefined}
          aria-describedby={unavailable ? reasonId : undefined}
          onClick={unavailable ? undefined : onClick}
        />
      </Tooltip>
      {unavailable && (
        <span id={reasonId} hidden>
          {unavailableBecause}
        </span>
      )}
    </>
  );
}
