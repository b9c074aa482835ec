import { Col, type ColProps, Form, Input, Row, Select } from "antd";

export type AddressOption = { value: string; label: string };

type TextFieldSpec = {
  control: "text";
  name: "unit" | "floor" | "address_1" | "address_2" | "city" | "postcode";
  label: string;
  extra?: string;
  maxLength: number;
  autoComplete?: string;
  inputMode?: "numeric";
};
type StreetTypeSpec = { control: "street_type"; maxLength: number; placeholder?: string };
type ChoiceSpec = {
  control: "country" | "state";
  allowClear: boolean;
  searchable: boolean;
  placeholder?: string;
};
type AddressFieldSpec = (TextFieldSpec | StreetTypeSpec | ChoiceSpec) & { col: ColProps };

/** Suburb or city: the same in both forms. */
const SUBURB_FIELD: AddressFieldSpec = {
  control: "text",
  name: "city",
  label: "Suburb/City",
  maxLength: 100,
  autoComplete: "address-level2",
  col: { xs: 24, md: 12 },
};

/**
 * Each form's address, in its order. The two forms name the street lines differently (My Account
 * splits number and name; the firm's address takes them together with a second line), so each keeps
 * its own labels, widths and lengths while the country and state behave the same in both.
 */
const LAYOUTS = {
  /** My Account, Billing Details. */
  billingDetails: [
    { control: "text", name: "unit", label: "Unit", maxLength: 20, col: { xs: 12, md: 6 } },
    { control: "text", name: "floor", label: "Floor", maxLength: 20, col: { xs: 12, md: 6 } },
    { control: "text", name: "address_1", label: "Street number", maxLength: 20, col: { xs: 12, md: 6 } },
    {
      control: "text",
      name: "address_2",
      label: "Street name",
      maxLength: 100,
      autoComplete: "address-line1",
      col: { xs: 24, md: 12 },
    },
    { control: "street_type", maxLength: 50, col: { xs: 24, md: 12 } },
    SUBURB_FIELD,
    {
      control: "country",
      allowClear: true,
      searchable: true,
      placeholder: "Choose a country",
      col: { xs: 24, md: 12 },
    },
    { control: "state", allowClear: true, searchable: true, col: { xs: 24, md: 12 } },
    {
      control: "text",
      name: "postcode",
      label: "Postcode",
      maxLength: 12,
      autoComplete: "postal-code",
      inputMode: "numeric",
      col: { xs: 12, md: 6 },
    },
  ],
  /** My Company, the Company form's billing address. */
  companyAddress: [
    { control: "text", name: "unit", label: "Unit", maxLength: 100, col: { xs: 24, sm: 8, md: 6 } },
    {
      control: "text",
      name: "address_1",
      label: "Street",
      extra: "Number and street name",
      maxLength: 200,
      autoComplete: "address-line1",
      col: { xs: 24, sm: 16, md: 12 },
    },
    { control: "street_type", maxLength: 50, placeholder: "Street", col: { xs: 24, md: 6 } },
    {
      control: "text",
      name: "address_2",
      label: "Address line 2",
      maxLength: 200,
      autoComplete: "address-line2",
      col: { xs: 24 },
    },
    SUBURB_FIELD,
    { control: "state", allowClear: true, searchable: false, col: { xs: 24, sm: 12, md: 6 } },
    {
      control: "text",
      name: "postcode",
      label: "Postcode",
      maxLength: 20,
      autoComplete: "postal-code",
      col: { xs: 24, sm: 12, md: 6 },
    },
    { control: "country", allowClear: false, searchable: true, col: { xs: 24, md: 12 } },
  ],
} satisfies Record<string, AddressFieldSpec[]>;

type AddressFieldsProps = {
  layout: keyof typeof LAYOUTS;
  countries: AddressOption[];
  countriesLoading?: boolean;
  countriesFailed?: boolean;
  /** The states of a country; none makes State free text. */
  statesOf: (country: string | undefined) => AddressOption[];
  /** A list of street types makes Street type a choice; without one it is free text. */
  streetTypes?: { options: AddressOption[]; loading: boolean };
};

/**
 * The address part of a form (fields named as the API's billing address, inside a Form):
 * unit, street, street type, suburb, country, state and postcode. Changing the country clears the
 * state, and State is a list for a country that has states, free text for any other.
 */
export function AddressFields({
  layout,
  countries,
  countriesLoading,
  countriesFailed,
  statesOf,
  streetTypes,
}: AddressFieldsProps) {
  const form = Form.useFormInstance();
  // The watch is empty until after the first render; the form already holds its initial country.
  const country: string | undefined = Form.useWatch("country", form) ?? form.getFieldValue("country");
  const states = statesOf(country);

  const fieldOf = (spec: AddressFieldSpec) => {
    switch (spec.control) {
      case "text":
        return (
          <Form.Item label={spec.label} name={spec.name} extra={spec.extra}>
            <Input maxLength={spec.maxLength} autoComplete={spec.autoComplete} inputMode={spec.inputMode} />
          </Form.Item>
        );
      case "street_type":
        return (
          <Form.Item label="Street type" name="street_type">
            {streetTypes ? (
              <Select
                allowClear
                showSearch={{ optionFilterProp: "label" }}
                placeholder="Choose a street type"
                loading={streetTypes.loading}
                options={streetTypes.options}
              />
            ) : (
              <Input maxLength={spec.maxLength} placeholder={spec.placeholder} />
            )}
          </Form.Item>
        );
      case "country":
        return (
          <Form.Item label="Country" name="country">
            <Select
              allowClear={spec.allowClear}
              showSearch={spec.searchable && { optionFilterProp: "label" }}
              placeholder={spec.placeholder}
              loading={countriesLoading}
              notFoundContent={countriesFailed ? "Countries could not be loaded." : undefined}
              options={countries}
              // Another country's states do not apply (§2: changing country clears state).
              onChange={() => form.setFieldValue("state", undefined)}
            />
          </Form.Item>
        );
      case "state":
        return (
          <Form.Item label="State" name="state">
            {states.length > 0 ? (
              <Select
                allowClear={spec.allowClear}
                showSearch={spec.searchable && { optionFilterProp: "label" }}
                placeholder="Choose a state"
                options={states}
              />
            ) : (
              <Input autoComplete="address-level1" maxLength={100} />
            )}
          </Form.Item>
        );
    }
  };

  return (
    <Row gutter={16}>
      {(LAYOUTS[layout] as AddressFieldSpec[]).map((spec) => (
        <Col key={spec.control === "text" ? spec.name : spec.control} {...spec.col}>
          {fieldOf(spec)}
        </Col>
      ))}
    </Row>
  );
}
