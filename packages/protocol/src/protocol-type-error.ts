/**
 * A caller passed an argument of the wrong type or shape (a programming or configuration error,
 * never a property of data received from the network). `argument` names the offending input.
 */
export class ProtocolTypeError extends TypeError {
  override readonly name = 'ProtocolTypeError';
  readonly argument: string;

  constructor(argument: string, expected: string) {
    super(`${argument}: ${expected}`);
    this.argument = argument;
  }
}
