import { CheckCircleFilled, WarningFilled } from "@ant-design/icons";
import { ADDRESS_NOT_VALIDATED } from "@precedent/contracts";
import type { AddressResult } from "./address-verification";

/**
 * The Address Verification Result modal's body (interview spec §2): the registered office and the
 * principal place of business, each with an ok or warning icon. The icon's meaning is also said
 * in words, so it is not carried by colour or shape alone.
 */
export function AddressVerificationResult({ results }: { results: AddressResult[] }) {
  return (
    <ul className="asic-address-results">
      {results.map((result) => (
        <li key={result.label} className="asic-address-results__item">
          {result.isValid ? (
            <CheckCircleFilled
              className="asic-address-results__icon asic-address-results__icon--ok"
              aria-hidden
            />
          ) : (
            <WarningFilled
              className="asic-address-results__icon asic-address-results__icon--warning"
              aria-hidden
            />
          )}
          <div>
            <div>
              <strong>{result.label}</strong>: {result.isValid ? "verified" : "not validated"}
            </div>
            <div>{result.text}</div>
            {!result.isValid && (
              <>
                <p className="asic-address-results__warning">{ADDRESS_NOT_VALIDATED}</p>
                {result.problems.length > 0 && (
                  <ul>
                    {result.problems.map((problem) => (
                      <li key={problem}>{problem}</li>
                    ))}
                  </ul>
                )}
              </>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
