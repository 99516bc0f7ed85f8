// DynamoDB Local as `java -jar DynamoDBLocal.jar` starts it, but listening on one address (the
// first argument) instead of every interface: the jar has no option for it. Run by Java's
// source launcher (stacks/local/processes.ts), so no build step and no compiled file in the tree.
import java.lang.reflect.Field;
import java.util.Arrays;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;

public class LoopbackDynamo {
  public static void main(String[] args) throws Exception {
    String host = args[0];
    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(Arrays.copyOfRange(args, 1, args.length));
    // the proxy keeps its Jetty server private; its connectors are not bound until start()
    Field field = DynamoDBProxyServer.class.getDeclaredField("server");
    field.setAccessible(true);
    for (Connector connector : ((Server) field.get(proxy)).getConnectors()) ((ServerConnector) connector).setHost(host);
    proxy.start();
  }
}
