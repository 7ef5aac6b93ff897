using System.Text;

namespace PoolDoctor.Load.Http;

/// <summary>
/// Builds the bytes of one HTTP/1.1 request once, so every send on the fast path is a plain copy to the socket.
/// Header names and values are checked here: a CR or LF in them would let a header smuggle a second request.
/// </summary>
internal static class HttpRequestEncoder
{
    private const string UserAgent = "pooldoctor-load/0.1";

    /// <param name="body">Sent after the headers with its Content-Length (unless a header gives one); empty: no body.</param>
    public static byte[] Encode(Uri url, string method, IReadOnlyList<KeyValuePair<string, string>> headers, byte[]? body = null)
    {
        body ??= [];
        var builder = new StringBuilder(256);
        builder.Append(method).Append(' ').Append(url.PathAndQuery).Append(" HTTP/1.1\r\n");
        if (!Contains(headers, "Host"))
        {
            builder.Append("Host: ").Append(HostHeader(url)).Append("\r\n");
        }
        if (!Contains(headers, "User-Agent"))
        {
            builder.Append("User-Agent: ").Append(UserAgent).Append("\r\n");
        }
        if (!Contains(headers, "Accept"))
        {
            builder.Append("Accept: */*\r\n");
        }
        // Some servers refuse a body-carrying method without a length (411), so a POST without a body says 0.
        if ((body.Length > 0 || MethodExpectsBody(method)) && !Contains(headers, "Content-Length") && !Contains(headers, "Transfer-Encoding"))
        {
            builder.Append("Content-Length: ").Append(body.Length).Append("\r\n");
        }
        foreach (var (name, value) in headers)
        {
            builder.Append(name).Append(": ").Append(value).Append("\r\n");
        }
        builder.Append("\r\n");
        return [.. Encoding.Latin1.GetBytes(builder.ToString()), .. body];
    }

    public static string HostHeader(Uri url) => url.IsDefaultPort ? HostPart(url) : $"{HostPart(url)}:{url.Port}";

    /// <summary>Null when the header can be sent as is, else why not.</summary>
    public static string? CheckHeader(string name, string value)
    {
        if (name.Length == 0 || !name.All(IsTokenChar))
        {
            return $"'{name}' is not a valid header name";
        }
        if (value.Any(c => c is '\r' or '\n' or '\0' || c > 0xFF))
        {
            return $"the value of header '{name}' contains a line break or a character outside Latin-1";
        }
        return null;
    }

    public static bool IsValidMethod(string method) => method.Length > 0 && method.All(IsTokenChar);

    private static string HostPart(Uri url) => url.HostNameType == UriHostNameType.IPv6 ? $"[{url.IdnHost.Trim('[', ']')}]" : url.IdnHost;

    private static bool MethodExpectsBody(string method) => method is "POST" or "PUT" or "PATCH";

    private static bool Contains(IReadOnlyList<KeyValuePair<string, string>> headers, string name) =>
        headers.Any(h => string.Equals(h.Key, name, StringComparison.OrdinalIgnoreCase));

    // RFC 9110 token characters.
    private static bool IsTokenChar(char c) =>
        char.IsAsciiLetterOrDigit(c) || c is '!' or '#' or '$' or '%' or '&' or '\'' or '*' or '+' or '-' or '.' or '^' or '_' or '`' or '|' or '~';
}
