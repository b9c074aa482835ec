import { UserOutlined } from "@ant-design/icons";
import { type Country, type CurrentUser, PROFILE_MESSAGES, PROFILE_REFUSALS } from "@precedent/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { App, Avatar, Button, Card, Col, Form, Input, Row, Select, Space, Typography } from "antd";
import { useEffect, useMemo, useState } from "react";
import { isApiError } from "../../api/client";
import { countriesQuery, currentUserQuery, streetTypesQuery, updateProfile } from "../../api/users";
import { AddressFields } from "../../components/AddressFields";
import { ImageUpload } from "../../components/ImageUpload";
import { useCurrentTeam } from "../../current-firm/use-current-team";
import {
  DEFAULT_AREA_CODE,
  formErrorsOf,
  formValuesOf,
  isChanged,
  PHONE_PATTERN,
  type ProfileFormValues,
  passwordRules,
  requestOf,
} from "./profile-form";
import "./my-account.css";
import { MembershipPlanCard } from "../membership/MembershipPlanCard";
import { TwoFactorCard } from "../two-factor/TwoFactorCard";

const FIELDS: (keyof ProfileFormValues)[] = Object.keys(
  formValuesOf({
    id: 0,
    email: "",
    name: "",
    first_name: "",
    last_name: "",
    phone: "",
    phone_area_code: "",
    unit: "",
    floor: "",
    address_1: "",
    address_2: "",
    street_type: "",
    city: "",
    state: "",
    postcode: "",
    country: "",
    avatar: null,
  }),
) as (keyof ProfileFormValues)[];

/** One option per calling code, found by the code or by any country that uses it. */
function areaCodeOptions(countries: Country[]) {
  const byCode = new Map<string, string[]>();
  for (const country of countries) {
    if (!country.area_code) continue;
    byCode.set(country.area_code, [...(byCode.get(country.area_code) ?? []), country.name]);
  }
  if (!byCode.has(DEFAULT_AREA_CODE)) byCode.set(DEFAULT_AREA_CODE, ["Australia"]);
  return [...byCode]
    .sort(([a], [b]) => Number(a.slice(1)) - Number(b.slice(1)))
    .map(([code, names]) => ({
      value: code,
      label: code,
      search: `${code} ${names.join(" ")}`.toLowerCase(),
    }));
}

/** /my-account/edit-profile: the person's own details, billing address and password (§2 My Account). */
export function EditProfilePage() {
  const { user, team } = useCurrentTeam();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ProfileFormValues>();
  const countries = useQuery(countriesQuery());
  const streetTypes = useQuery(streetTypesQuery());
  const saved = useMemo(() => formValuesOf(user), [user]);
  const [avatarSrc, setAvatarSrc] = useState(user.avatar?.src);
  const values = Form.useWatch([], { form, preserve: true }) as Partial<ProfileFormValues> | undefined;
  const changed = values !== undefined && isChanged(values, saved);

  // A saved profile (here or in another tab) refills the form; passwords are never kept.
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(saved);
    setAvatarSrc(user.avatar?.src);
  }, [form, saved, user.avatar?.src]);

  const countryOptions = useMemo(
    () => (countries.data ?? []).map((c) => ({ value: c.code, label: c.name })),
    [countries.data],
  );
  const statesOf = (code: string | undefined) =>
    (countries.data?.find((c) => c.code === code)?.states ?? []).map((s) => ({
      value: s.code,
      label: s.name,
    }));
  const streetTypeOptions = useMemo(
    () => Object.entries(streetTypes.data ?? {}).map(([value, label]) => ({ value, label })),
    [streetTypes.data],
  );
  const areaCodes = useMemo(() => areaCodeOptions(countries.data ?? []), [countries.data]);

  const save = useMutation({
    mutationFn: (formValues: ProfileFormValues) => updateProfile(user.id, requestOf(formValues)),
    onSuccess: (updated: CurrentUser, formValues) => {
      queryClient.setQueryData(currentUserQuery().queryKey, updated);
      void message.success(
        formValues.password ? "Your profile and password have been updated." : PROFILE_REFUSALS.profileSaved,
      );
    },
    onError: (error: Error) => {
      if (isApiError(error)) form.setFields(formErrorsOf(error.fieldErrors, FIELDS));
      void message.error(error.message);
    },
  });

  const passwordValidator =
    (check: (current: string, next: string, confirm: string) => string | undefined) => () => ({
      validator: () => {
        const problem = check(
          form.getFieldValue("password") ?? "",
          form.getFieldValue("newPassword") ?? "",
          form.getFieldValue("confirmNewPassword") ?? "",
        );
        return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
      },
    });

  return (
    <>
      <title>My Account · Precedent</title>
      <header className="page-header">
        <Typography.Title level={1} className="page-header__title">
          My Account
        </Typography.Title>
        <Typography.Text type="secondary">Your details, billing address and password.</Typography.Text>
      </header>
      <Form<ProfileFormValues>
        form={form}
        layout="vertical"
        initialValues={saved}
        onFinish={(formValues) => save.mutate({ ...saved, ...formValues })}
        className="profile-cards"
        aria-label="My Account"
      >
        <Card title={<h2 className="profile-card__title">Personal Information</h2>} className="profile-card">
          <Form.Item name="lyd_avatar" hidden>
            <Input />
          </Form.Item>
          <div className="profile-avatar">
            {team ? (
              <ImageUpload
                teamId={team.id}
                purpose="avatar"
                label={avatarSrc ? "Change avatar" : "Upload avatar"}
                preview={
                  <Avatar
                    size={72}
                    src={avatarSrc}
                    icon={<UserOutlined />}
                    alt={avatarSrc ? "Your avatar" : undefined}
                  />
                }
                onUploaded={(image) => {
                  setAvatarSrc(image.source_url);
                  form.setFieldValue("lyd_avatar", image.id);
                }}
              />
            ) : (
              <Space>
                <Avatar size={72} src={avatarSrc} icon={<UserOutlined />} />
                <Typography.Text type="secondary">
                  An avatar can be uploaded once you belong to a firm.
                </Typography.Text>
              </Space>
            )}
          </div>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                label="First name"
                name="first_name"
                required
                rules={[{ required: true, whitespace: true, message: PROFILE_MESSAGES.firstNameRequired }]}
              >
                <Input autoComplete="given-name" maxLength={100} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                label="Last name"
                name="last_name"
                required
                rules={[{ required: true, whitespace: true, message: PROFILE_MESSAGES.lastNameRequired }]}
              >
                <Input autoComplete="family-name" maxLength={100} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                label="Display name"
                name="name"
                required
                rules={[{ required: true, whitespace: true, message: PROFILE_MESSAGES.displayNameRequired }]}
              >
                <Input autoComplete="nickname" maxLength={100} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                label="Email"
                name="email"
                required
                extra="Your email address signs you in and cannot be changed here."
                rules={[
                  { required: true, message: PROFILE_MESSAGES.emailRequired },
                  { type: "email", message: PROFILE_MESSAGES.emailFormat },
                ]}
              >
                <Input disabled autoComplete="email" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label="Phone" required={false}>
                <Space.Compact block>
                  <Form.Item name="phone_area_code" noStyle>
                    <Select
                      aria-label="Area code"
                      className="profile-area-code"
                      showSearch={{
                        filterOption: (input, option) =>
                          (option as { search?: string } | undefined)?.search?.includes(
                            input.toLowerCase(),
                          ) ?? false,
                      }}
                      options={areaCodes}
                      popupMatchSelectWidth={false}
                    />
                  </Form.Item>
                  <Form.Item
                    name="phone"
                    noStyle
                    rules={[{ pattern: PHONE_PATTERN, message: PROFILE_MESSAGES.phoneInvalid }]}
                  >
                    <Input aria-label="Phone" autoComplete="tel-national" maxLength={30} inputMode="tel" />
                  </Form.Item>
                </Space.Compact>
              </Form.Item>
            </Col>
          </Row>
        </Card>

        <Card title={<h2 className="profile-card__title">Billing Details</h2>} className="profile-card">
          <AddressFields
            layout="billingDetails"
            countries={countryOptions}
            countriesLoading={countries.isPending}
            countriesFailed={countries.isError}
            statesOf={statesOf}
            streetTypes={{ options: streetTypeOptions, loading: streetTypes.isPending }}
          />
        </Card>

        <Card
          title={<h2 className="profile-card__title">Subscription &amp; Notification Email</h2>}
          className="profile-card"
        >
          <Typography.Paragraph className="profile-consent">
            We send account emails to <strong>{user.email}</strong>: invoices and receipts, signing requests
            and reminders, changes to your membership plan and notices about your firm&apos;s documents. These
            are part of the service and are sent while your account is open. We do not share your email
            address with anyone for marketing, and you can ask us to close your account at any time.
          </Typography.Paragraph>
        </Card>

        <Card title={<h2 className="profile-card__title">Change password</h2>} className="profile-card">
          <Typography.Paragraph type="secondary">
            Leave these blank to keep your current password. Changing it signs you out on your other devices.
          </Typography.Paragraph>
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item
                label="Current password"
                name="password"
                dependencies={["newPassword", "confirmNewPassword"]}
                rules={[
                  passwordValidator((current, next, confirm) =>
                    passwordRules.current(next, confirm, current),
                  ),
                ]}
              >
                <Input.Password autoComplete="current-password" />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item
                label="New password"
                name="newPassword"
                dependencies={["password"]}
                rules={[passwordValidator((current, next) => passwordRules.next(current, next))]}
              >
                <Input.Password autoComplete="new-password" />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item
                label="Confirm new password"
                name="confirmNewPassword"
                dependencies={["password", "newPassword"]}
                rules={[passwordValidator(passwordRules.confirm)]}
              >
                <Input.Password autoComplete="new-password" />
              </Form.Item>
            </Col>
          </Row>
        </Card>

        <div className="profile-actions">
          <Button
            htmlType="button"
            disabled={!changed || save.isPending}
            onClick={() => {
              form.resetFields();
              form.setFieldsValue(saved);
              setAvatarSrc(user.avatar?.src);
            }}
          >
            Discard changes
          </Button>
          <Button type="primary" htmlType="submit" disabled={!changed} loading={save.isPending}>
            Save
          </Button>
        </div>
      </Form>
      <div className="profile-cards profile-cards--after">
        <TwoFactorCard />
        <MembershipPlanCard />
      </div>
    </>
  );
}
