// Shapes of the API's answers, by the names the app uses. Each is a schema
// of the API's contract (api/openapi.yaml), generated into openapi.gen.ts
// by `npm run api-types`: change the contract, never these shapes.
import type { components, operations } from './openapi.gen';

export type Schemas = components['schemas'];

// The JSON body the operation (its operationId) takes.
export type JSONBody<Op extends keyof operations> = operations[Op] extends {
  requestBody?: { content: { 'application/json': infer Body } };
}
  ? Body
  : never;

export type Detail = Schemas['Detail'];
export type Tokens = Schemas['Tokens'];
export type Profile = Schemas['Profile'];
export type Organization = Schemas['Organization'];
export type TurnoutEvent = Schemas['Event'];
export type RegistrationStatus = Schemas['RegistrationStatus'];
// One of the account's registrations, as its list of events shows it.
export type RegisteredEvent = Schemas['RegisteredEvent'];
export type Role = Schemas['Role'];
export type Member = Schemas['Member'];
export type Invitation = Schemas['Invitation'];
export type Team = Schemas['Team'];
export type TeamOrganization = Schemas['TeamOrganization'];
export type Series = Schemas['Series'];
