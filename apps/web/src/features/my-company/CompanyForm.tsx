import {
  COMPANY_NUMBER_REQUIRED,
  companyNumberProblem,
  normaliseWebsite,
  TEAM_NAME_REQUIRED,
  type Team,
  WEBSITE_NOT_VALID,
} from "@precedent/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { App, Button, Col, Flex, Form, Input, Row, Typography } from "antd";
import { useMemo } from "react";
import { ApiError } from "../../api/client";
import { teamQuery, updateTeam } from "../../api/teams";
import { AddressFields } from "../../components/AddressFields";
import { CompanyLogoField } from "./CompanyLogoField";
import { AUSTRALIAN_STATES, countryOptions } from "./regions";

type CompanyValues = {
  name_team: string;
  company_registration_no: string;
  industry: string;
  website: string;
  unit: string;
  address_1: string;
  street_type: string;
  address_2: string;
  city: string;
  /** Undefined shows the state list's placeholder. */
  state: string | undefined;
  postcode: string;
  country: string;
  /** An uploaded logo's image id; unset keeps the logo as it is. */
  company_logo?: number;
};

const ADDRESS_FIELDS = [
  "unit",
  "address_1",
  "street_type",
  "address_2",
  "city",
  "state",
  "postcode",
  "country",
] as const;

const valuesOf = (team: Team): CompanyValues => ({
  name_team: team.name,
  company_registration_no: team.company_registration_no,
  industry: team.industry,
  website: team.website,
  ...team.billing_address,
  state: team.billing_address.state || undefined,
  country: team.billing_address.country || "AU",
});

/** A server field name (`billing_address.city`) as the form names it (`city`). */
const formFieldOf = (field: string) => field.replace(/^billing_address\./, "") as keyof CompanyValues;

/** Company Details tab, edit mode (owner only): the Company form of account-area §5. */
export function CompanyForm({ team, onDone }: { team: Team; onDone: () => void }) {
  const [form] = Form.useForm<CompanyValues>();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const countries = useMemo(() => countryOptions(), []);

  const save = useMutation({
    mutationFn: (values: CompanyValues) =>
      updateTeam({
        id_team: team.id,
        name_team: values.name_team,
        company_registration_no: values.company_registration_no,
        industry: values.industry ?? "",
        website: values.website ?? "",
        ...(values.company_logo !== undefined && { company_logo: values.company_logo }),
        billing_address: Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, values[f] ?? ""])) as Record<
          (typeof ADDRESS_FIELDS)[number],
          string
        >,
      }),
    onSuccess: ({ team: saved }) => {
      queryClient.setQueryData(teamQuery(team.id).queryKey, saved);
      // The header's firm name comes from the user's firms.
      void queryClient.invalidateQueries({ queryKey: ["users", "me"] });
      message.success("Company details saved.");
      onDone();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fieldErrors.length > 0) {
        form.setFields(
          error.fieldErrors.map((field) => ({ name: formFieldOf(field.field), errors: [field.message] })),
        );
      }
      message.error(error.message || "The company details were not saved. Please try again.");
    },
  });

  return (
    <Form<CompanyValues>
      form={form}
      layout="vertical"
      initialValues={valuesOf(team)}
      onFinish={(values) => save.mutate(values)}
      aria-label="Company details"
      requiredMark="optional"
      scrollToFirstError
    >
      <Typography.Title level={3} className="section-heading">
        Company
      </Typography.Title>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="name_team"
            label="Company name"
            rules={[{ required: true, whitespace: true, message: TEAM_NAME_REQUIRED }]}
          >
            <Input autoFocus maxLength={200} autoComplete="organization" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="company_registration_no"
            label="Company number"
            extra="ACN (9 digits) or ABN (11 digits)"
            rules={[
              { required: true, whitespace: true, message: COMPANY_NUMBER_REQUIRED },
              {
                validator: (_, value: string | undefined) => {
                  const problem = value?.trim() ? companyNumberProblem(value) : undefined;
                  return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
                },
              },
            ]}
          >
            <Input inputMode="numeric" maxLength={40} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="industry" label="Industry">
            <Input maxLength={200} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="website"
            label="Website"
            rules={[
              {
                validator: (_, value: string | undefined) =>
                  normaliseWebsite(value ?? "") === undefined
                    ? Promise.reject(new Error(WEBSITE_NOT_VALID))
                    : Promise.resolve(),
              },
            ]}
          >
            <Input inputMode="url" maxLength={500} placeholder="www.example.com.au" autoComplete="url" />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <CompanyLogoField team={team} />
        </Col>
      </Row>

      <Typography.Title level={3} className="section-heading">
        Billing address
      </Typography.Title>
      <AddressFields
        layout="companyAddress"
        countries={countries}
        statesOf={(code) => (code === "AU" ? AUSTRALIAN_STATES : [])}
      />

      <Flex gap={8} justify="flex-end" wrap>
        <Button onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          Save
        </Button>
      </Flex>
    </Form>
  );
}
