// The hands a typed signature may be written in: the same Fontsource faces the sealer writes the
// signed PDF with, so the preview is what the document will show.
import "@fontsource/dancing-script/400.css";
import "@fontsource/great-vibes/400.css";
import "@fontsource/homemade-apple/400.css";
import {
  SIGNATURE_FONTS,
  type SigningPage as SigningPageData,
  type SigningSignRequest,
} from "@precedent/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Flex,
  Input,
  Modal,
  Radio,
  Result,
  Space,
  Spin,
  Tabs,
  Typography,
} from "antd";
import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy } from "pdfjs-dist";
import workerUrl from "pdfjs-dist/build/pdf.worker.min.mjs?url";
import { useEffect, useRef, useState } from "react";
import { useParams } from "react-router";
import { isApiError } from "../../api/client";
import { BrandMark } from "../../components/BrandMark";
import { LoadError } from "../../components/LoadError";
import {
  consentToSign,
  declineToSign,
  originalPdfUrl,
  sendSmsCode,
  signDocument,
  signedPdfUrl,
  signingPageQuery,
  verifySmsCode,
} from "./api";
import { SignaturePad } from "./SignaturePad";
import "./signing-page.css";

GlobalWorkerOptions.workerSrc = workerUrl;

/** What each state that is not the recipient's turn tells them. */
const STATE_TEXT: Record<
  Exclude<SigningPageData["state"], "ready"> | "sealing",
  { status: "info" | "success" | "warning" | "error"; title: string; text: string }
> = {
  "not-your-turn": {
    status: "info",
    title: "It is not your turn to sign yet",
    text: "An earlier signing group has not finished. We will email you when it is your turn; this link will then work.",
  },
  "waiting-for-signer": {
    status: "info",
    title: "Waiting for the person you witness",
    text: "You can witness only after they have signed. Open this link again once they have.",
  },
  signed: {
    status: "success",
    title: "You have signed",
    text: "Thank you. When everyone has signed, we will email you a link to the signed document.",
  },
  declined: { status: "warning", title: "You declined to sign", text: "The sender has been told." },
  completed: { status: "success", title: "Everyone has signed", text: "The signed document is ready." },
  /** Completed, its signed PDF still being sealed by the job: the page offers it once there. */
  sealing: {
    status: "success",
    title: "Everyone has signed",
    text: "The signed PDF is being sealed, with its audit certificate. It will be offered here in a moment.",
  },
  rejected: {
    status: "warning",
    title: "This signing request has ended",
    text: "Someone declined to sign. The sender has been told and may send the document again.",
  },
  void: {
    status: "warning",
    title: "This signing request was withdrawn",
    text: "The sender withdrew it or sent a new one. Please use the latest link you were emailed.",
  },
  cancelled: {
    status: "warning",
    title: "This signing request was cancelled",
    text: "The sender cancelled it, so this link no longer works. If they send it again, you will be emailed a new link.",
  },
  expired: {
    status: "warning",
    title: "This signing link has expired",
    text: "The due date has passed. Please ask the sender to send the document again.",
  },
};

const ROLE_TEXT = { signer: "sign", witness: "witness" } as const;

/** /sign/:token: a signer's or witness's page, reached from their emailed link, with no account. */
export function SigningPage() {
  const { token = "" } = useParams();
  const page = useQuery(signingPageQuery(token));

  let body: React.ReactNode;
  if (page.isPending) {
    body = (
      <Flex justify="center" style={{ padding: "48px 0" }} role="status" aria-label="Opening the document">
        <Spin />
      </Flex>
    );
  } else if (page.isError) {
    body =
      isApiError(page.error) && [400, 404].includes(page.error.status) ? (
        <Result status="warning" title="This signing link cannot be used" subTitle={page.error.message} />
      ) : (
        <LoadError
          title="Cannot open this document"
          error={page.error}
          onRetry={() => void page.refetch()}
          retrying={page.isFetching}
        />
      );
  } else {
    body = <SigningContent token={token} page={page.data} />;
  }
  return (
    <main className="signing-page">
      <title>Sign a document · Precedent</title>
      <Flex align="center" gap={8} style={{ marginBottom: 12 }}>
        <BrandMark size={28} />
        {/* The mark already says "Precedent": the page names only what it is for. */}
        <Typography.Text type="secondary">signing</Typography.Text>
      </Flex>
      {body}
    </main>
  );
}

function SigningContent({ token, page }: { token: string; page: SigningPageData }) {
  const heading = (
    <header>
      <Typography.Title level={1} style={{ fontSize: 22, marginBottom: 4 }}>
        {page.document_name}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {page.firm_name} asks {page.recipient.full_name} to {ROLE_TEXT[page.recipient.role]}{" "}
        {page.recipient.role === "witness" && page.witness_of ? `${page.witness_of}'s signature on ` : ""}
        this document by {dayMonthYear(page.due_date)}.
      </Typography.Paragraph>
    </header>
  );
  if (page.state !== "ready" || !page.can_sign) {
    const shown =
      page.state === "ready"
        ? "signed"
        : page.state === "completed" && !page.signed_pdf_ready
          ? "sealing"
          : page.state;
    const text = STATE_TEXT[shown];
    return (
      <>
        {heading}
        {/* A status region: the page changes by itself from "being sealed" to the download, and a
            screen reader says so. */}
        <div role="status">
          <Result
            status={text.status}
            title={text.title}
            subTitle={
              page.state === "cancelled" && page.cancel_reason ? (
                <>
                  {text.text}
                  <br />
                  Their reason: {page.cancel_reason}
                </>
              ) : (
                (page.turn_message ?? text.text)
              )
            }
            extra={
              page.state === "completed" && page.signed_pdf_ready ? (
                <Button type="primary" href={signedPdfUrl(token)} download>
                  Download the signed PDF
                </Button>
              ) : undefined
            }
          />
        </div>
      </>
    );
  }
  return (
    <>
      {heading}
      <WholePdf url={originalPdfUrl(token)} title={page.document_name} />
      <SignForm token={token} page={page} />
    </>
  );
}

/** Every page of the PDF, one under another, so the signer reads the whole document. */
function WholePdf({ url, title }: { url: string; title: string }) {
  const holder = useRef<HTMLElement>(null);
  const [pdf, setPdf] = useState<PDFDocumentProxy>();
  const [error, setError] = useState<string>();

  useEffect(() => {
    const task = getDocument({ url });
    task.promise.then(setPdf, () =>
      setError("The document cannot be shown right now. Please reload the page."),
    );
    return () => void task.destroy();
  }, [url]);

  useEffect(() => {
    const element = holder.current;
    if (!pdf || !element) return;
    let cancelled = false;
    void (async () => {
      element.replaceChildren();
      const width = Math.min(820, element.clientWidth - 16);
      const ratio = window.devicePixelRatio || 1;
      for (let number = 1; number <= pdf.numPages && !cancelled; number++) {
        const pdfPage = await pdf.getPage(number);
        const base = pdfPage.getViewport({ scale: 1 });
        const viewport = pdfPage.getViewport({ scale: (width / base.width) * ratio });
        const canvas = document.createElement("canvas");
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        canvas.style.width = `${width}px`;
        canvas.setAttribute("role", "img");
        canvas.setAttribute("aria-label", `Page ${number} of ${pdf.numPages}`);
        element.append(canvas);
        await pdfPage.render({ canvas, viewport }).promise;
      }
      if (!cancelled) element.dataset.rendered = "true";
    })();
    return () => {
      cancelled = true;
    };
  }, [pdf]);

  if (error) return <Alert type="warning" showIcon title={error} />;
  return (
    <>
      {!pdf && <Spin description="Loading the document…" />}
      <section
        ref={holder}
        className="signing-page__document"
        aria-label={`The document: ${title}`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard (WCAG 2.1.1)
        tabIndex={0}
      />
      <Typography.Paragraph>
        <a href={url} target="_blank" rel="noreferrer">
          Open the PDF in a new tab
        </a>
      </Typography.Paragraph>
    </>
  );
}

function SignForm({ token, page }: { token: string; page: SigningPageData }) {
  const client = useQueryClient();
  const update = (next: SigningPageData) => client.setQueryData(signingPageQuery(token).queryKey, next);
  const [error, setError] = useState<string>();
  const onError = (e: Error) => setError(e.message);
  const onSuccess = (next: SigningPageData) => {
    setError(undefined);
    update(next);
  };
  const consent = useMutation({ mutationFn: () => consentToSign(token), onSuccess, onError });
  const sms = useMutation({ mutationFn: () => sendSmsCode(token), onSuccess, onError });
  const verify = useMutation({
    mutationFn: (code: string) => verifySmsCode(token, code),
    onSuccess,
    onError,
  });
  const sign = useMutation({
    mutationFn: (body: SigningSignRequest) => signDocument(token, body),
    onSuccess,
    onError,
  });
  const decline = useMutation({
    mutationFn: (reason: string) => declineToSign(token, reason),
    onSuccess,
    onError,
  });

  const [mode, setMode] = useState<"draw" | "type">("draw");
  const [drawn, setDrawn] = useState<string | null>(null);
  const [typedName, setTypedName] = useState(page.recipient.full_name);
  const [font, setFont] = useState<(typeof SIGNATURE_FONTS)[number]>(SIGNATURE_FONTS[0]);
  const [witnessedBy, setWitnessedBy] = useState<"in-person" | "audio-visual">();
  const [witnessAddress, setWitnessAddress] = useState("");
  const [code, setCode] = useState("");
  const [declineOpen, setDeclineOpen] = useState(false);
  const [reason, setReason] = useState("");

  const isWitness = page.recipient.role === "witness";
  const smsPending = page.sms_required && !page.sms_verified;
  const signatureReady = mode === "draw" ? drawn !== null : typedName.trim().length >= 2;
  const canSign =
    page.consented && !smsPending && signatureReady && (!isWitness || witnessedBy !== undefined);

  const submit = () =>
    sign.mutate({
      signature:
        mode === "draw" && drawn
          ? { kind: "drawn", png_data_url: drawn }
          : { kind: "typed", text: typedName.trim(), font },
      ...(isWitness && witnessedBy ? { witnessed_by: witnessedBy } : {}),
      ...(isWitness && witnessAddress.trim() ? { address: witnessAddress.trim() } : {}),
    });

  return (
    <Card title={isWitness ? "Witness and sign" : "Sign"} style={{ marginTop: 16 }}>
      <Space direction="vertical" size="large" style={{ width: "100%" }}>
        {error && <Alert type="error" showIcon title={error} role="alert" />}
        <Checkbox
          checked={page.consented}
          disabled={page.consented || consent.isPending}
          onChange={(event) => event.target.checked && consent.mutate()}
        >
          I agree to sign this document electronically. I understand that my electronic signature is as
          binding as signing on paper, and that I may instead ask the sender for a paper copy to sign
          (Electronic Transactions Act 1999 (Cth) s10).
        </Checkbox>

        {page.consented && smsPending && (
          <Flex vertical gap={8}>
            <Typography.Text>
              For your security, we text a 6-digit code to your phone ending in {page.sms_phone_last_digits}.
            </Typography.Text>
            <Flex gap={8} wrap>
              <Button onClick={() => sms.mutate()} loading={sms.isPending}>
                Send me a code
              </Button>
              <Input
                aria-label="Code from the SMS"
                placeholder="6-digit code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={code}
                onChange={(event) => setCode(event.target.value.replace(/\D/g, ""))}
                style={{ width: 140 }}
              />
              <Button
                type="primary"
                disabled={code.length !== 6}
                loading={verify.isPending}
                onClick={() => verify.mutate(code)}
              >
                Check the code
              </Button>
            </Flex>
            <Typography.Text type="secondary">{page.sms_attempts_left} tries left.</Typography.Text>
          </Flex>
        )}

        {page.consented && !smsPending && (
          <>
            {isWitness && (
              <Radio.Group
                aria-label={`How you saw ${page.witness_of ?? "the signer"} sign`}
                value={witnessedBy}
                onChange={(event) => setWitnessedBy(event.target.value)}
              >
                <Space direction="vertical">
                  <Typography.Text strong>
                    I saw {page.witness_of ?? "the signer"} sign this document
                  </Typography.Text>
                  <Radio value="in-person">in person, in the same place</Radio>
                  <Radio value="audio-visual">by audio-visual link, as the governing law allows</Radio>
                </Space>
              </Radio.Group>
            )}
            {isWitness && (
              <Flex vertical gap={4}>
                <label htmlFor="witness-address">
                  <Typography.Text strong>Your address</Typography.Text>{" "}
                  <Typography.Text type="secondary">(printed with your signature)</Typography.Text>
                </label>
                <Input
                  id="witness-address"
                  value={witnessAddress}
                  maxLength={300}
                  autoComplete="street-address"
                  onChange={(event) => setWitnessAddress(event.target.value)}
                />
              </Flex>
            )}
            <Tabs
              activeKey={mode}
              onChange={(key) => setMode(key as "draw" | "type")}
              items={[
                { key: "draw", label: "Draw", children: <SignaturePad onChange={setDrawn} /> },
                {
                  key: "type",
                  label: "Type",
                  children: (
                    <Flex vertical gap={8}>
                      <Input
                        aria-label="Your name as your signature"
                        value={typedName}
                        maxLength={100}
                        onChange={(event) => setTypedName(event.target.value)}
                      />
                      <Radio.Group
                        value={font}
                        onChange={(event) => setFont(event.target.value)}
                        aria-label="Style"
                      >
                        {SIGNATURE_FONTS.map((name) => (
                          <Radio key={name} value={name}>
                            <span style={{ fontFamily: `"${name}", cursive` }}>{name}</span>
                          </Radio>
                        ))}
                      </Radio.Group>
                      <div
                        className="signing-page__typed"
                        style={{ fontFamily: `"${font}", cursive` }}
                        aria-hidden
                      >
                        {typedName}
                      </div>
                    </Flex>
                  ),
                },
              ]}
            />
          </>
        )}

        <Flex gap={8} wrap justify="space-between">
          <Button danger onClick={() => setDeclineOpen(true)}>
            Decline
          </Button>
          <Button type="primary" size="large" disabled={!canSign} loading={sign.isPending} onClick={submit}>
            {isWitness ? "Witness and sign" : "Sign"}
          </Button>
        </Flex>
      </Space>

      <Modal
        title="Decline to sign"
        open={declineOpen}
        okText="Decline"
        okButtonProps={{ danger: true, disabled: reason.trim() === "", loading: decline.isPending }}
        onOk={() => decline.mutate(reason.trim(), { onSuccess: () => setDeclineOpen(false) })}
        onCancel={() => setDeclineOpen(false)}
      >
        <Typography.Paragraph>
          Declining ends this signing request for everyone. Please tell the sender why.
        </Typography.Paragraph>
        <Input.TextArea
          aria-label="Reason for declining"
          rows={3}
          maxLength={1000}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </Modal>
    </Card>
  );
}

const dayMonthYear = (isoDate: string) => isoDate.split("-").reverse().join("/");
