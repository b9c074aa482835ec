import {
  ASIC_ADDRESS_RESULT_TITLE,
  ASIC_PAYMENT_INITIALISING,
  ASIC_PAYMENT_LEAVE_TEXT,
  ASIC_PAYMENT_LEAVE_TITLE,
  ASIC_PAYMENT_READY_TITLE,
  ASIC_PROCEED_TO_PAYMENT,
  asicPaymentNotices,
} from "@precedent/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { App } from "antd";
import { useCallback } from "react";
import { checkAsicAddress, initAsicPayment } from "../../api/asic";
import { documentQuery } from "../../api/documents";
import { AddressVerificationResult } from "./AddressVerificationResult";
import { verifyRegistrationAddresses } from "./address-verification";

/** Leaves for the payment gateway (a full page load: the gateway is another site). */
const goTo = (url: string) => window.location.assign(url);

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The way to ASIC's payment gateway (interview spec §2, §4, §8): the address check of the
 * registered office and principal place of business with its Address Verification Result ('Done'
 * goes on; a warning does not stop the payment, a failed check does, with its message), then
 * 'Ready to make payment to ASIC?' with its four notices, the leave warning with 'PROCEED TO
 * PAYMENT', 'Initialising ASIC Payment...' and the gateway; a refusal (messageEvent or the
 * server's message) is shown instead.
 */
export function useAsicPayment(teamId: number) {
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  return useCallback(
    (docId: number, fee: number) => {
      // The saved answers, as the server pays and lodges from them; fresh, not the list's cache.
      const checkAddresses = async () => {
        const doc = await queryClient.fetchQuery({
          ...documentQuery(teamId, docId, undefined),
          staleTime: 0,
        });
        return verifyRegistrationAddresses(doc.xml, (address) =>
          checkAsicAddress(teamId, { ...address, doc_id: docId }),
        );
      };
      const pay = async () => {
        void message.info(ASIC_PAYMENT_INITIALISING);
        try {
          const result = await initAsicPayment(teamId, docId);
          if (result.payment) return goTo(result.payment.paymentURL);
          void message.error(result.messageEvent?.description ?? "The payment could not be started.");
        } catch (error) {
          void message.error(errorText(error));
        }
      };
      const readyToPay = () =>
        modal.confirm({
          title: ASIC_PAYMENT_READY_TITLE,
          width: 560,
          content: (
            <ol className="asic-notices">
              {asicPaymentNotices(fee).map((notice) => (
                <li key={notice}>{notice}</li>
              ))}
            </ol>
          ),
          okText: "Proceed",
          cancelText: "Cancel",
          onOk: () => {
            modal.confirm({
              title: ASIC_PAYMENT_LEAVE_TITLE,
              content: ASIC_PAYMENT_LEAVE_TEXT,
              okText: ASIC_PROCEED_TO_PAYMENT,
              cancelText: "Cancel",
              onOk: pay,
            });
          },
        });
      void (async () => {
        let results: Awaited<ReturnType<typeof checkAddresses>>;
        try {
          results = await checkAddresses();
        } catch (error) {
          void message.error(errorText(error));
          return;
        }
        modal.info({
          title: ASIC_ADDRESS_RESULT_TITLE,
          icon: null,
          width: 560,
          content: <AddressVerificationResult results={results} />,
          okText: "Done",
          // Not returning the next modal: antd would hold this one open until that one settles.
          onOk: () => {
            readyToPay();
          },
        });
      })();
    },
    [modal, message, queryClient, teamId],
  );
}
