import { GraphQLJSON } from 'graphql-scalars';
import { Arg, Ctx, Field, InputType, Int, Mutation, Resolver } from 'type-graphql';
import type { RequestContext } from '../platform/request-context.js';
import type { SelfServices } from './self.services.js';

@InputType('SelfRegistrationAnyInput', { description: 'POST /self/registration: with `bvn`, the one-step BVN registration; without, the first step of Fineract\'s two-step registration of an existing client.' })
export class SelfRegistrationAnyInputType {
  @Field(() => String, { description: 'BVN flow: first (given) name.', nullable: true }) firstname?: string | null;
  @Field(() => String, { description: 'BVN flow: last (family) name.', nullable: true }) lastname?: string | null;
  @Field(() => String, { description: 'BVN flow: mobile phone number.', nullable: true }) mobileNo?: string | null;
  @Field(() => String, { description: 'BVN flow: Bank Verification Number (11 digits). Its presence selects the BVN flow.', nullable: true }) bvn?: string | null;
  @Field(() => String, { description: 'E-mail address (both flows).', nullable: true }) email?: string | null;
  @Field(() => String, { description: 'Password in clear text over HTTPS (both flows); never returned.', nullable: true }) password?: string | null;
  @Field(() => String, { description: 'Two-step flow: the login name wanted.', nullable: true }) username?: string | null;
  @Field(() => String, { description: 'Two-step flow: first name, as the bank has it.', nullable: true }) firstName?: string | null;
  @Field(() => String, { description: 'Two-step flow: last name, as the bank has it.', nullable: true }) lastName?: string | null;
  @Field(() => String, { description: 'Two-step flow: mobile number.', nullable: true }) mobileNumber?: string | null;
  @Field(() => String, { description: 'Two-step flow: the number of one of the client\'s accounts.', nullable: true }) accountNumber?: string | null;
  @Field(() => String, { description: 'Two-step flow: where the token goes, "email" or "mobile" (that contact must be the client\'s).', nullable: true }) authenticationMode?: string | null;
}

@InputType('SelfRegistrationUserInput', { description: 'POST /self/registration/user: the request id and the token sent for it.' })
export class SelfRegistrationUserInputType {
  @Field(() => Int, { description: 'Id of the registration request (in the message).', nullable: true }) requestId?: number | null;
  @Field(() => String, { description: 'The token sent by email or SMS.', nullable: true }) authenticationToken?: string | null;
}

/** Fineract's /self/registration paths: both flows on one path (the body decides), and the two-step flow's second step. */
@Resolver()
export class TwoStepRegistrationResolver {
  constructor(private readonly services: SelfServices) {}

  @Mutation(() => GraphQLJSON, { description: 'With `bvn`: the BVN registration (its SelfRegistration fields). Without: a two-step request for an existing client; answers Fineract\'s "Self service request created." and sends the token.' })
  async selfRegistration(@Arg('input', () => SelfRegistrationAnyInputType, { description: 'The request body of either flow.' }) input: SelfRegistrationAnyInputType, @Ctx() ctx: RequestContext): Promise<unknown> {
    if (input.bvn != null) {
      const { firstname, lastname, email, mobileNo, bvn, password } = input;
      return this.services.registration.register(ctx.identity, { firstname, lastname, email, mobileNo, bvn, password });
    }
    return this.services.twoStepRegistration.request(ctx.identity, input);
  }

  @Mutation(() => Int, { description: 'The second step: the token of a request, once and before it expires; creates the self-service user and answers its id.' })
  async selfRegistrationUser(@Arg('input', () => SelfRegistrationUserInputType, { description: 'The request id and its token.' }) input: SelfRegistrationUserInputType, @Ctx() ctx: RequestContext): Promise<number> {
    return this.services.twoStepRegistration.createUser(ctx.identity, input);
  }
}
