namespace PoolDoctor.Analysis.Stacks;

/// <summary>
/// The one table of well-known library names (assembly or namespace roots): which are library code when nothing better
/// is known, and which of them are database drivers whose synchronous ADO.NET calls are blocking I/O. UserCode and
/// BlockingApiTable both read it, so a name added here is known to both.
/// </summary>
public static class KnownLibraries
{
    private static readonly (string Name, bool Driver)[] Rows =
    [
        ("System", false), ("Microsoft", false), ("Internal", false), ("Interop", false), ("Windows", false),
        ("FxResources", false), ("Mono", false), ("mscorlib", false), ("netstandard", false),
        ("Npgsql", true), ("MySqlConnector", true), ("MySql", false), ("MySql.Data", true), ("Oracle", false),
        ("Oracle.ManagedDataAccess", true), ("Microsoft.Data.SqlClient", true), ("System.Data.SqlClient", true),
        ("Microsoft.Data.Sqlite", true), ("System.Data.Common", true), ("Dapper", true),
        ("StackExchange", false), ("Grpc", false), ("Google.Protobuf", false), ("Polly", false), ("Newtonsoft", false),
        ("Serilog", false), ("NLog", false), ("AutoMapper", false), ("MediatR", false), ("FluentValidation", false),
        ("Swashbuckle", false), ("Azure", false), ("Amazon", false), ("Confluent", false), ("RabbitMQ", false),
        ("MongoDB", false), ("Elasticsearch", false), ("Nest", false), ("Castle", false), ("Autofac", false),
        ("OpenTelemetry", false), ("Pipelines.Sockets.Unofficial", false),
    ];

    /// <summary>Every name in the table: code under one of them is library code when nothing better is known.</summary>
    public static IReadOnlyList<string> Names { get; } = [.. Rows.Select(r => r.Name)];

    /// <summary>The database drivers (all of them also library code).</summary>
    public static IReadOnlyList<string> Drivers { get; } = [.. Rows.Where(r => r.Driver).Select(r => r.Name)];

    public static bool IsLibrary(string name) => Names.Any(n => UserCode.IsUnder(name, n));

    public static bool IsDriver(string typeFullName) => Drivers.Any(n => UserCode.IsUnder(typeFullName, n));
}
