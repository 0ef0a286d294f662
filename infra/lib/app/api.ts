// The HTTP API: routes to the API functions, one throttled, access-logged
// stage.
import { type RemovalPolicy } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { accept } from '../accepted.js';

// Built in the stack's own scope (see AppStack): its logical IDs are the
// ones the stack has always deployed.
export class Api {
  readonly httpApi: apigw.HttpApi;

  constructor(private readonly scope: Construct) {
    this.httpApi = new apigw.HttpApi(scope, 'Api', { createDefaultStage: false, description: 'Turnout API' });
    accept(this.httpApi, 'AwsSolutions-APIG4');
  }

  // Sends /api/<route>/* to fn.
  route(name: string, route: string, fn: lambda.IFunction): void {
    this.httpApi.addRoutes({
      path: `/api/${route}/{proxy+}`,
      methods: [apigw.HttpMethod.ANY],
      integration: new HttpLambdaIntegration(`${name}Integration`, fn),
    });
  }

  // The one stage, throttled, each request logged as a JSON line.
  addStage(removalPolicy: RemovalPolicy): apigw.HttpStage {
    const accessLogs = new logs.LogGroup(this.scope, 'ApiAccessLogs', { retention: logs.RetentionDays.ONE_MONTH, removalPolicy });
    const stage = new apigw.HttpStage(this.scope, 'ApiStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: 200, burstLimit: 400 },
    });
    (stage.node.defaultChild as apigw.CfnStage).accessLogSettings = {
      destinationArn: accessLogs.logGroupArn,
      format: JSON.stringify({
        requestId: '$context.requestId',
        ip: '$context.identity.sourceIp',
        method: '$context.httpMethod',
        route: '$context.routeKey',
        status: '$context.status',
        latencyMs: '$context.responseLatency',
        integrationError: '$context.integrationErrorMessage',
      }),
    };
    return stage;
  }
}
