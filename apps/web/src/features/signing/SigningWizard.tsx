import {
  ADD_NEW_GROUP,
  ALL_SIGNERS_ASSIGNED,
  BACK_TO_PREVIOUS_STEP,
  DEFAULT_PHONE_AREA_CODE,
  type DocumentRow,
  EMAIL_SENT_TEXT,
  EMAIL_SENT_TITLE,
  FAILED_TO_SIGN,
  FIELD_CANNOT_BE_BLANK,
  GROUP_NAME_EXISTS,
  INVALID_EMAIL,
  type ListedSigner,
  NO_ASSIGNED_SIGNER,
  NO_WITNESS_DATA,
  PHONE_AREA_CODES,
  phoneForAreaCodeError,
  SELECT_A_SIGNER,
  splitPhone,
} from "@precedent/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  DatePicker,
  Drawer,
  Form,
  Grid,
  Input,
  Modal,
  Result,
  Select,
  Space,
  Steps,
  Switch,
  Tag,
  Typography,
} from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useEffect, useState } from "react";
import { ApiError } from "../../api/client";
import { confirmSigning, signersQuery } from "../../api/signing";
import { sydneyToday } from "../../dates";
import {
  addGroup,
  assignSigner,
  canAddGroup,
  groupNameError,
  initialGroups,
  mergedRecipients,
  releaseSigner,
  removeGroup,
  renameGroup,
  type SigningGroup,
  stripPhone,
} from "./signing-groups";
import { witnessProblem } from "./witness-check";

/** One signature box's person as the wizard edits them (spec §3 Signer in the wizard). */
type WizardSigner = {
  id: string;
  name: string;
  email: string;
  phone: string;
  title: string;
  meta_key: string;
  date_key: string;
  witness_required: boolean;
  is_witness: boolean;
  parent: string | null;
  parent_name: string;
};

type SavedSettings = {
  sms: boolean;
  dueDate: string;
  isGroup: boolean;
  lastSigner: number;
  signers: WizardSigner[];
};

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const PHONE_PATTERN = /^\+\d{1,4}-[\d ()-]*\d[\d ()-]*$/;
const signKey = (docId: number) => `sign_${docId}`;
const groupsKey = (docId: number) => `signingGroups_${docId}`;

function readStored<T>(key: string): T | undefined {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : undefined;
  } catch {
    return undefined;
  }
}

function wizardSigners(list: ListedSigner[]): WizardSigner[] {
  return list.flatMap((signer) => [
    {
      id: signer.meta_key,
      name: signer.full_name,
      email: signer.Email,
      phone: "",
      title: signer.title,
      meta_key: signer.meta_key,
      date_key: signer.date_key,
      witness_required: signer.Witness_Required === "Yes",
      is_witness: false,
      parent: null,
      parent_name: "",
    },
    ...signer.witness.map((witness) => ({
      id: witness.meta_key,
      name: witness.full_name,
      email: witness.email,
      phone: "",
      title: `Witness of ${signer.full_name || NO_ASSIGNED_SIGNER}`,
      meta_key: witness.meta_key,
      date_key: witness.date_key,
      witness_required: false,
      is_witness: true,
      parent: signer.meta_key,
      parent_name: signer.full_name,
    })),
  ]);
}

const emailError = (email: string) =>
  email.trim() === "" ? FIELD_CANNOT_BE_BLANK : EMAIL_PATTERN.test(email.trim()) ? null : INVALID_EMAIL;
const phoneError = (phone: string) =>
  (splitPhone(phone.trim())?.number ?? phone.trim()) === ""
    ? FIELD_CANNOT_BE_BLANK
    : PHONE_PATTERN.test(phone.trim())
      ? phoneForAreaCodeError(phone)
      : "Please input a phone number as +61-412345678.";
/** The area code and number the two fields show, '+61' and '' until chosen and typed. */
const phoneParts = (phone: string) => splitPhone(phone) ?? { code: DEFAULT_PHONE_AREA_CODE, number: "" };
/**
 * The number as typed into its field. A whole '+64-21 123 4567' pasted there (as people copy
 * from a contact card) sets the area code as well, when it is one the list offers.
 */
function typedPhone(code: string, typed: string) {
  const text = stripPhone(typed);
  const pasted = /^\s*(\+\d{1,4})-(.*)$/.exec(text);
  if (pasted?.[1] && PHONE_AREA_CODES.some((a) => a.code === pasted[1]))
    return `${pasted[1]}-${pasted[2] ?? ""}`;
  return `${code}-${text.replace(/\+/g, "")}`;
}
const AREA_CODE_OPTIONS = PHONE_AREA_CODES.map((a) => ({ value: a.code, label: `${a.code} ${a.country}` }));

/**
 * The Digital Signing Wizard (interview-signing spec §2, §4, §5): settings and signers, then the
 * email preview. What the user sets is kept per document in the browser ('sign_' and
 * 'signingGroups_' plus the document id) until the request is sent.
 */
export function SigningWizard({
  teamId,
  document,
  ownerConfirmed,
  onClose,
}: {
  teamId: number;
  document: DocumentRow;
  ownerConfirmed: boolean;
  onClose: () => void;
}) {
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const screens = Grid.useBreakpoint();
  const mobile = !screens.md;
  const signers = useQuery(signersQuery(teamId, document.id));
  // Due dates are Sydney days, as the server checks them: early morning in Sydney is still
  // yesterday in UTC and in most browsers' zones abroad.
  const today = sydneyToday();

  const stored = readStored<SavedSettings>(signKey(document.id));
  const [step, setStep] = useState(0);
  const [sms, setSms] = useState(stored?.sms ?? false);
  const [dueDate, setDueDate] = useState<Dayjs>(() => {
    const saved = stored?.dueDate ? dayjs(stored.dueDate) : today;
    return saved.isBefore(today) ? today : saved;
  });
  const [isGroup, setIsGroup] = useState(stored?.isGroup ?? false);
  const [lastSigner, setLastSigner] = useState(stored?.lastSigner ?? -1);
  const [people, setPeople] = useState<WizardSigner[]>(stored?.signers ?? []);
  const [groups, setGroups] = useState<SigningGroup[]>(
    () => readStored<SigningGroup[]>(groupsKey(document.id)) ?? initialGroups(),
  );
  const [groupNames, setGroupNames] = useState<Record<number, string>>({});
  const [drawerFor, setDrawerFor] = useState<number | undefined>(undefined);
  const [subject, setSubject] = useState(`Please sign: ${document.name}`);
  const [body, setBody] = useState(
    "Please review and sign the attached document using your private signing link below.",
  );
  const [sending, setSending] = useState(false);
  const [witnessesAdult, setWitnessesAdult] = useState(false);
  // Built in by default; FuseSign when the server offers it (its settings are set).
  const [provider, setProvider] = useState<"builtin" | "fusesign">("builtin");
  const providers = signers.data?.providers ?? ["builtin"];

  // The people come from the document's parties the first time (or when its boxes changed).
  useEffect(() => {
    if (!signers.data) return;
    const fresh = wizardSigners(signers.data.list);
    const sameBoxes =
      people.length === fresh.length && fresh.every((f) => people.some((p) => p.meta_key === f.meta_key));
    if (!sameBoxes) setPeople(fresh);
  }, [signers.data, people]);

  useEffect(() => {
    const saved: SavedSettings = {
      sms,
      dueDate: dueDate.format("YYYY-MM-DD"),
      isGroup,
      lastSigner,
      signers: people,
    };
    localStorage.setItem(signKey(document.id), JSON.stringify(saved));
    localStorage.setItem(groupsKey(document.id), JSON.stringify(groups));
  }, [sms, dueDate, isGroup, lastSigner, people, groups, document.id]);

  const principal = people.filter((p) => !p.is_witness);
  const assigned = new Set(groups.flatMap((g) => g.items));
  const unassigned = principal.filter((p) => !assigned.has(p.meta_key));
  const allNamed = people.every((p) => p.name.trim() !== "");
  const witnessOf = (p: WizardSigner) => (p.is_witness ? witnessProblem(p, principal) : null);
  const hasWitness = people.some((p) => p.is_witness);
  const fieldErrors = people.flatMap((p) => [
    ...(witnessOf(p) ? [`${p.id}:witness`] : []),
    ...(emailError(p.email) ? [`${p.id}:email`] : []),
    ...(sms && phoneError(p.phone) ? [`${p.id}:phone`] : []),
  ]);
  const groupsComplete = !isGroup || unassigned.length === 0;
  const groupNamesValid = groups.every((g) => groupNameError(groups, g.id, g.name) === null);
  const canNext =
    allNamed &&
    groupsComplete &&
    groupNamesValid &&
    fieldErrors.length === 0 &&
    people.length > 0 &&
    (!hasWitness || witnessesAdult);

  const update = (id: string, change: Partial<WizardSigner>) =>
    setPeople((current) => current.map((p) => (p.id === id ? { ...p, ...change } : p)));

  const toggleSms = (on: boolean) => {
    setSms(on);
    // Turning SMS off clears the phones (§5); on, each starts with the default area code.
    setPeople((current) => current.map((p) => ({ ...p, phone: on ? `${DEFAULT_PHONE_AREA_CODE}-` : "" })));
  };

  const toggleLastSigner = (on: boolean) => {
    if (!on) return setLastSigner(-1);
    modal.confirm({
      title: "Choose a last signer?",
      content: "The last signer signs only after every other signer has signed.",
      okText: "Yes",
      onOk: () => setLastSigner(0),
    });
  };

  const groupOf = (metaKey: string) => groups.findIndex((g) => g.items.includes(metaKey));

  const recipients = mergedRecipients(
    people.map((p) => ({ name: p.name.trim(), email: p.email.trim(), phone: sms ? p.phone.trim() : "" })),
  );

  const send = async () => {
    setSending(true);
    try {
      await confirmSigning(teamId, {
        doc_id: document.id,
        provider: providers.includes(provider) ? provider : "builtin",
        sms_notify: sms ? 1 : 0,
        due_date: dueDate.format("YYYY-MM-DD"),
        email_subject: subject,
        email_body: body,
        emailContent: body,
        is_group: isGroup ? 1 : 0,
        owner_confirmed: ownerConfirmed,
        witnesses_adult: hasWitness && witnessesAdult,
        signer: people.map((p) => {
          const parentIndex = groupOf(p.parent ?? p.meta_key);
          const group = groups[parentIndex];
          return {
            full_name: p.name.trim(),
            email: p.email.trim(),
            phone_number: sms ? p.phone.trim() : null,
            last_signer:
              !isGroup && lastSigner >= 0 && principal[lastSigner]?.meta_key === (p.parent ?? p.meta_key),
            meta_key: p.meta_key,
            date_key: p.date_key,
            signing_group: isGroup ? Math.max(0, parentIndex) : 0,
            signing_group_name: isGroup ? (group?.name ?? "") : "",
            lock_last_signing_group: isGroup && (group?.lock_last_signing_group ?? false),
          };
        }),
      });
      localStorage.removeItem(signKey(document.id));
      localStorage.removeItem(groupsKey(document.id));
      void queryClient.invalidateQueries();
      onClose();
      modal.success({ title: EMAIL_SENT_TITLE, content: EMAIL_SENT_TEXT, okText: "OK" });
    } catch (error) {
      modal.error({
        title: FAILED_TO_SIGN,
        content: error instanceof ApiError ? error.message : FAILED_TO_SIGN,
      });
    } finally {
      setSending(false);
    }
  };

  const personCard = (p: WizardSigner, index: number) => {
    const idOf = (field: string) => `signer-${index}-${field}`;
    const emailProblem = emailError(p.email);
    const phoneProblem = sms ? phoneError(p.phone) : null;
    const missing = p.name.trim() === "";
    const notAWitness = witnessOf(p);
    return (
      <Card
        key={p.id}
        size="small"
        className={p.is_witness ? "signing-person signing-person--witness" : "signing-person"}
        title={<span>{p.title}</span>}
      >
        {missing && (
          <Alert
            type="warning"
            showIcon
            message={p.is_witness ? NO_WITNESS_DATA : NO_ASSIGNED_SIGNER}
            description="Edit the document's answers to name this person, then open the wizard again."
          />
        )}
        {notAWitness && <Alert type="error" showIcon message={notAWitness} />}
        <Form layout="vertical" component="div">
          <Form.Item label="Full name" htmlFor={idOf("name")}>
            <Input
              id={idOf("name")}
              value={p.name}
              onChange={(e) => update(p.id, { name: e.target.value })}
            />
          </Form.Item>
          <Form.Item
            label="Email"
            htmlFor={idOf("email")}
            validateStatus={emailProblem ? "error" : undefined}
            help={emailProblem ?? undefined}
          >
            <Input
              id={idOf("email")}
              type="email"
              value={p.email}
              onChange={(e) => update(p.id, { email: e.target.value })}
            />
          </Form.Item>
          {sms && (
            <div className="signing-person__phone">
              {/* §5/§9: the area code is chosen (+61 by default); the number beside it. */}
              <Form.Item label="Area code" htmlFor={idOf("area-code")}>
                <Select
                  id={idOf("area-code")}
                  showSearch
                  optionFilterProp="label"
                  popupMatchSelectWidth={false}
                  value={phoneParts(p.phone).code}
                  options={AREA_CODE_OPTIONS}
                  labelRender={({ value }) => String(value)}
                  onChange={(code: string) =>
                    update(p.id, { phone: `${code}-${phoneParts(p.phone).number}` })
                  }
                />
              </Form.Item>
              <Form.Item
                label="Mobile phone"
                htmlFor={idOf("phone")}
                validateStatus={phoneProblem ? "error" : undefined}
                help={phoneProblem ?? undefined}
              >
                <Input
                  id={idOf("phone")}
                  inputMode="tel"
                  value={phoneParts(p.phone).number}
                  onChange={(e) =>
                    update(p.id, { phone: typedPhone(phoneParts(p.phone).code, e.target.value) })
                  }
                />
              </Form.Item>
            </div>
          )}
        </Form>
      </Card>
    );
  };

  const groupCards = (
    <div className="signing-groups">
      {groups.map((group, index) => {
        const draft = groupNames[group.id] ?? group.name;
        const problem = groupNameError(groups, group.id, draft);
        const commit = () => {
          if (problem) return;
          setGroups((current) => renameGroup(current, group.id, draft));
          setGroupNames(({ [group.id]: _, ...rest }) => rest);
        };
        return (
          <Card
            key={group.id}
            size="small"
            className="signing-group"
            title={
              <Form.Item
                className="signing-group__name"
                validateStatus={problem ? "error" : undefined}
                help={
                  problem === "blank"
                    ? FIELD_CANNOT_BE_BLANK
                    : problem === "exists"
                      ? GROUP_NAME_EXISTS
                      : undefined
                }
              >
                <Input
                  aria-label={`Name of signing group ${index + 1}`}
                  value={draft}
                  onChange={(e) => setGroupNames((names) => ({ ...names, [group.id]: e.target.value }))}
                  onBlur={commit}
                  onPressEnter={commit}
                />
              </Form.Item>
            }
            extra={
              group.canRemove ? (
                <Button
                  size="small"
                  danger
                  onClick={() => setGroups((current) => removeGroup(current, group.id))}
                >
                  Remove
                </Button>
              ) : group.lock_last_signing_group ? (
                <Tag>Signs last</Tag>
              ) : undefined
            }
          >
            <ul className="signing-group__items">
              {group.items.map((key) => {
                const person = people.find((p) => p.meta_key === key);
                return (
                  <li key={key}>
                    <span>{person?.name || NO_ASSIGNED_SIGNER}</span>
                    <Button
                      size="small"
                      type="link"
                      onClick={() => setGroups((current) => releaseSigner(current, key))}
                    >
                      Release
                    </Button>
                  </li>
                );
              })}
            </ul>
            {unassigned.length > 0 &&
              (mobile ? (
                <Button size="small" onClick={() => setDrawerFor(group.id)}>
                  {SELECT_A_SIGNER}
                </Button>
              ) : (
                <Select
                  aria-label={`Add a signer to ${group.name}`}
                  placeholder="Add a signer"
                  value={null}
                  className="signing-group__add"
                  options={unassigned.map((p) => ({
                    value: p.meta_key,
                    label: p.name || NO_ASSIGNED_SIGNER,
                  }))}
                  onChange={(key: string) => setGroups((current) => assignSigner(current, group.id, key))}
                />
              ))}
          </Card>
        );
      })}
      {canAddGroup(groups) && (
        <Button className="signing-group signing-group--create" onClick={() => setGroups(addGroup)}>
          {ADD_NEW_GROUP}
        </Button>
      )}
    </div>
  );

  const settings = (
    <div className="signing-wizard__settings">
      <Form layout="vertical" component="div">
        <Form.Item label="Signing provider" required>
          <Select
            aria-label="Signing provider"
            value={provider}
            disabled={providers.length < 2}
            onChange={setProvider}
            options={providers.map((value) => ({
              value,
              label: value === "fusesign" ? "FuseSign" : "Precedent e-signing (built in)",
            }))}
          />
        </Form.Item>
        <Form.Item label="Due date" required>
          <DatePicker
            aria-label="Due date"
            format="DD/MM/YYYY"
            value={dueDate}
            allowClear={false}
            disabledDate={(day) => day.isBefore(today, "day")}
            onChange={(day) => day && setDueDate(day)}
          />
        </Form.Item>
        <Space wrap size="large">
          <span className="signing-switch">
            <Switch checked={sms} onChange={toggleSms} aria-label="SMS authentication" /> SMS authentication
          </span>
          <span className="signing-switch">
            <Switch checked={isGroup} onChange={setIsGroup} aria-label="Signing groups" /> Signing groups
          </span>
          {!isGroup && (
            <span className="signing-switch">
              <Switch checked={lastSigner >= 0} onChange={toggleLastSigner} aria-label="Last signer" /> Last
              signer
            </span>
          )}
        </Space>
        {!isGroup && lastSigner >= 0 && (
          <Form.Item label="Who signs last" required>
            <Select
              aria-label="Who signs last"
              value={lastSigner}
              onChange={setLastSigner}
              options={principal.map((p, i) => ({ value: i, label: p.name || NO_ASSIGNED_SIGNER }))}
            />
          </Form.Item>
        )}
      </Form>
      <Typography.Title level={5}>Signers and witnesses</Typography.Title>
      <div className="signing-people">{people.map(personCard)}</div>
      {hasWitness && (
        <Checkbox checked={witnessesAdult} onChange={(e) => setWitnessesAdult(e.target.checked)}>
          Each witness is 18 or over and is not a party to this document
        </Checkbox>
      )}
      {isGroup && (
        <>
          <Typography.Title level={5}>Signing groups</Typography.Title>
          {unassigned.length === 0 ? (
            <Alert type="success" showIcon message={ALL_SIGNERS_ASSIGNED} />
          ) : (
            <Typography.Paragraph>
              Not in a group yet: {unassigned.map((p) => p.name || NO_ASSIGNED_SIGNER).join(", ")}
            </Typography.Paragraph>
          )}
          {groupCards}
        </>
      )}
    </div>
  );

  const preview = (
    <div className="signing-wizard__preview">
      <Form layout="vertical" component="div">
        <Form.Item label="Subject" required htmlFor="signing-email-subject">
          <Input id="signing-email-subject" value={subject} onChange={(e) => setSubject(e.target.value)} />
        </Form.Item>
        <Form.Item label="Message" htmlFor="signing-email-body">
          <Input.TextArea
            id="signing-email-body"
            rows={5}
            value={body}
            onChange={(e) => setBody(e.target.value)}
          />
        </Form.Item>
      </Form>
      <Typography.Title level={5}>Recipients ({recipients.length})</Typography.Title>
      <ul className="signing-recipients">
        {recipients.map((r) => (
          <li key={`${r.name}|${r.email}|${r.phone}`}>
            <strong>{r.name}</strong> &lt;{r.email}&gt;{r.phone ? ` · ${r.phone}` : ""}
          </li>
        ))}
      </ul>
      <Typography.Paragraph type="secondary">
        Each person gets a private link that works until the end of {dueDate.format("DD/MM/YYYY")}.
      </Typography.Paragraph>
    </div>
  );

  const execution = signers.data?.execution;
  const content = (() => {
    if (signers.isPending) return <Typography.Paragraph>Loading the signers…</Typography.Paragraph>;
    if (signers.isError) return <Alert type="error" showIcon message={signers.error.message} />;
    if (execution && !execution.electronic) {
      return (
        <Result
          status="warning"
          title="Sign this document on paper"
          subTitle={execution.message}
          extra={
            <Typography.Paragraph type="secondary">
              {execution.rules.map((r) => `${r.rule} (${r.source})`).join("; ")}
            </Typography.Paragraph>
          }
        />
      );
    }
    return step === 0 ? settings : preview;
  })();

  const electronic = execution?.electronic ?? false;
  return (
    <Modal
      open
      width="100%"
      className="signing-wizard"
      title={`Digital Signing Wizard: ${document.name}`}
      onCancel={onClose}
      footer={
        electronic
          ? step === 0
            ? [
                <Button key="cancel" onClick={onClose}>
                  Cancel
                </Button>,
                <Button key="next" type="primary" disabled={!canNext} onClick={() => setStep(1)}>
                  Next Step
                </Button>,
              ]
            : [
                <Button key="back" onClick={() => setStep(0)}>
                  {BACK_TO_PREVIOUS_STEP}
                </Button>,
                <Button
                  key="send"
                  type="primary"
                  loading={sending}
                  disabled={subject.trim() === ""}
                  onClick={() => void send()}
                >
                  Send
                </Button>,
              ]
          : [
              <Button key="close" onClick={onClose}>
                Close
              </Button>,
            ]
      }
    >
      {electronic && (
        <Steps
          size="small"
          current={step}
          className="signing-wizard__steps"
          items={[{ title: "Settings and signers" }, { title: "Email preview" }]}
        />
      )}
      {content}
      <Drawer
        title={SELECT_A_SIGNER}
        placement="bottom"
        open={drawerFor !== undefined}
        onClose={() => setDrawerFor(undefined)}
      >
        <ul className="signing-drawer">
          {unassigned.map((p) => (
            <li key={p.meta_key}>
              <span>{p.name || NO_ASSIGNED_SIGNER}</span>
              <Button
                size="small"
                type="primary"
                onClick={() => {
                  if (drawerFor !== undefined)
                    setGroups((current) => assignSigner(current, drawerFor, p.meta_key));
                }}
              >
                Add
              </Button>
            </li>
          ))}
        </ul>
      </Drawer>
    </Modal>
  );
}
