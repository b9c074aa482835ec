import { LockOutlined, MailOutlined } from "@ant-design/icons";
import { LoginRequest, type TwoFactorStep } from "@precedent/contracts";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Alert, Button, Flex, Form, type FormRule, Input, Spin } from "antd";
import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { checkSession, signIn } from "../../api/auth";
import { isApiError } from "../../api/client";
import { BrandMark } from "../../components/BrandMark";
import { FORGOT_PASSWORD_PATH } from "../../constants";
import { hasLoggedInMarker } from "../session/logged-in-marker";
import { safeRedirect } from "../session/redirect";

// Shown only after a right password, for an account with two-factor sign-in: loaded then, so the
// sign-in page does not wait for its setup panel, recovery codes and skeletons.
const TwoFactorSignInStep = lazy(async () => ({
  default: (await import("../two-factor/TwoFactorSignInStep")).TwoFactorSignInStep,
}));

type Credentials = { email: string; password: string };
const FIELDS: readonly string[] = ["email", "password"] satisfies (keyof Credentials)[];

/** A form rule from the shared contract, so the browser and the server say the same thing. */
const contractRule =
  (field: keyof Credentials): FormRule =>
  () => ({
    validator: async (_, value: unknown) => {
      const result = LoginRequest.shape[field].safeParse(value ?? "");
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? "Invalid value");
    },
  });

/** A spinner in the card's place while it waits, named for what it waits for. */
const cardSpin = (label: string) => (
  <Flex justify="center" style={{ padding: "48px 0" }} role="status" aria-label={label}>
    <Spin />
  </Flex>
);

/**
 * The sign-in page; mounted in a host site's slot (src/embed), `onSignedIn` replaces going to the
 * page to return to, and the card sits in a section, as the host's page has its own main landmark.
 */
export function LoginPage({ onSignedIn }: { onSignedIn?: () => void } = {}) {
  const [form] = Form.useForm<Credentials>();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnTo = safeRedirect(params.get("redirect"));
  const goOn = useCallback(() => {
    if (onSignedIn) onSignedIn();
    else void navigate(returnTo, { replace: true });
  }, [onSignedIn, navigate, returnTo]);
  const [alert, setAlert] = useState<string | null>(null);
  // Check the email as it is typed only once it has been found wrong, not while first typing it.
  const [emailEager, setEmailEager] = useState(false);
  // After a right password, when the account uses (or its firm requires) two-factor sign-in.
  const [twoFactor, setTwoFactor] = useState<TwoFactorStep["two_factor"] | null>(null);

  // Someone already signed in has no business here: send them on. Only a browser with the
  // logged-in marker waits for the check before showing the form; without it a session is
  // unlikely, and the form (already on screen when this page was built ahead) stays while the
  // check runs behind it.
  const [marked] = useState(hasLoggedInMarker);
  const existingSession = useQuery({
    queryKey: ["auth", "check", "sign-in-page"],
    queryFn: ({ signal }) => checkSession({ signal, unauthorizedEndsSession: false }),
    retry: false,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  useEffect(() => {
    if (existingSession.isSuccess) goOn();
  }, [existingSession.isSuccess, goOn]);

  const signInCall = useMutation({
    mutationFn: signIn,
    onSuccess: (data) => {
      if ("two_factor" in data) setTwoFactor(data.two_factor);
      else goOn();
    },
    onError: (error: Error) => showFailure(error),
  });

  function showFailure(error: Error) {
    const fieldErrors = isApiError(error) ? error.fieldErrors : [];
    const placed = fieldErrors.filter((e) => FIELDS.includes(e.field));
    if (placed.length > 0) {
      form.setFields(placed.map((e) => ({ name: e.field as keyof Credentials, errors: [e.message] })));
    }
    const unplaced = fieldErrors.length > placed.length;
    setAlert(placed.length > 0 && !unplaced ? null : error.message);
    if (isApiError(error) && error.status === 401) {
      form.setFieldValue("password", "");
      form.getFieldInstance("password")?.focus();
    }
  }

  const submit = (values: Credentials) => {
    if (signInCall.isPending) return;
    setAlert(null);
    signInCall.mutate({ email: values.email.trim(), password: values.password });
  };

  const checking = (marked && existingSession.isPending) || existingSession.isSuccess;

  const Landmark = onSignedIn ? "section" : "main";
  return (
    <Landmark className="login-page" aria-label={onSignedIn ? "Sign in" : undefined}>
      <title>Sign in · Precedent</title>
      {/* A card drawn with our own styles: antd's Card and Typography would bring their tabs and
          text-measuring code to the first page most visitors see (see styles.css). */}
      <div className="login-card">
        <Flex vertical align="center" gap={6} className="login-card__heading">
          <BrandMark size={40} />
          <p className="login-card__tagline">Document assembly for Australian advisers.</p>
        </Flex>
        {checking ? (
          cardSpin("Checking your session")
        ) : twoFactor ? (
          <Suspense fallback={cardSpin("Loading the sign-in code step")}>
            <TwoFactorSignInStep
              key={twoFactor.challenge}
              step={twoFactor}
              onSignedIn={goOn}
              onRestart={() => {
                setTwoFactor(null);
                form.setFieldValue("password", "");
              }}
            />
          </Suspense>
        ) : (
          <>
            <h1 className="login-card__title">Sign in</h1>
            {alert && <Alert type="error" showIcon title={alert} className="login-card__alert" />}
            <Form<Credentials>
              form={form}
              layout="vertical"
              requiredMark={false}
              onFinish={submit}
              onValuesChange={() => alert && setAlert(null)}
              onFieldsChange={(changed) => {
                if (changed.some((f) => f.name[0] === "email" && (f.errors?.length ?? 0) > 0))
                  setEmailEager(true);
              }}
              size="large"
            >
              <Form.Item
                label="Email"
                name="email"
                rules={[contractRule("email")]}
                validateTrigger={emailEager ? ["onBlur", "onChange"] : "onBlur"}
              >
                <Input
                  autoComplete="username"
                  inputMode="email"
                  autoFocus={!onSignedIn}
                  prefix={<MailOutlined aria-hidden />}
                  placeholder="you@firm.com.au"
                />
              </Form.Item>
              <Form.Item label="Password" name="password" rules={[contractRule("password")]}>
                <Input.Password autoComplete="current-password" prefix={<LockOutlined aria-hidden />} />
              </Form.Item>
              <Button type="primary" htmlType="submit" block loading={signInCall.isPending}>
                Sign in
              </Button>
            </Form>
            <p className="login-card__aside">
              <Link to={FORGOT_PASSWORD_PATH}>Forgot password?</Link>
            </p>
          </>
        )}
      </div>
      <span className="login-page__footer">© {new Date().getFullYear()} Precedent</span>
    </Landmark>
  );
}
