import com.amazonaws.services.dynamodbv2.local.main.ServerRunner;
import com.amazonaws.services.dynamodbv2.local.server.DynamoDBProxyServer;
import java.lang.reflect.Field;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;

// Starts DynamoDB Local as its own main does (with -disableTelemetry), but
// listening on 127.0.0.1 only: it has no option for its address and
// otherwise binds every interface. pkg/emulators compiles it once into
// the DynamoDB Local folder and runs it in place of the jar's main.
public final class LoopbackDynamoDBLocal {
  public static void main(String[] args) throws Exception {
    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);
    Field field = DynamoDBProxyServer.class.getDeclaredField("server");
    field.setAccessible(true);
    Connector[] connectors = ((Server) field.get(proxy)).getConnectors();
    if (connectors.length == 0) {
      throw new IllegalStateException("DynamoDB Local made no connector to bind");
    }
    for (Connector c : connectors) {
      ((ServerConnector) c).setHost("127.0.0.1");
    }
    proxy.start();
  }
}
