// A sign-up sends its image inside the form, which API Gateway
// base64-encodes into the Lambda event; the API refuses forms over
// 4,669,440 bytes so that event fits Lambda's 6 MB. 4.4 MB leaves room for
// the other fields. Signed-in edits upload straight to S3 (up to 5 MB).
export const MAX_SIGN_UP_IMAGE_BYTES = 4_400_000;
