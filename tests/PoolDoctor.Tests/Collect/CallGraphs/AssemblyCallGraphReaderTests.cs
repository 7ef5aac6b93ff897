using System.Reflection.Metadata;
using System.Reflection.PortableExecutable;
using PoolDoctor.Analysis.Stacks;
using PoolDoctor.Collect.CallGraphs;
using PoolDoctor.Model.CallGraphs;
using PoolDoctor.Model.Stacks;
using static PoolDoctor.Tests.Analysis.Culprits.ShopGraph;

namespace PoolDoctor.Tests.Collect.CallGraphs;

public class AssemblyCallGraphReaderTests
{
    [Fact]
    public void A_blocking_call_is_read_with_the_target_named_as_the_runtime_names_it()
    {
        var load = Method("CustomerRepository", "Load");

        Assert.Contains(load.Calls, c => (c.Kind, c.TargetTypeFullName, c.TargetMethod)
            == (IlCallKind.Call, "System.Runtime.CompilerServices.TaskAwaiter", "GetResult"));
        Assert.Contains(load.Calls, c => (c.TargetTypeFullName, c.TargetMethod) == ("System.Threading.Tasks.Task", "GetAwaiter"));
        Assert.Equal(typeof(Samples.Shop.CustomerRepository).GetMethod("Load")!.MetadataToken, load.Token);
    }

    [Fact]
    public void Each_call_records_the_assembly_its_target_is_defined_in_and_none_for_the_modules_own_methods()
    {
        var find = Method("CustomerService", "Find");
        var load = Method("CustomerRepository", "Load");

        Assert.All(find.Calls.Where(c => c.TargetTypeFullName.StartsWith(Ns, StringComparison.Ordinal)), c => Assert.Null(c.TargetAssembly));
        Assert.Equal("System.Runtime", load.Calls.First(c => c.TargetMethod == "GetAwaiter").TargetAssembly);

        // A package's registration declared in a namespace other assemblies share (the fixture's app calls ShopKit and
        // StackExchange.Redis; AddSingleton<T> is a generic method instance, a MethodSpec).
        var app = AssemblyCallGraphReader.Read([Path.Combine(AppContext.BaseDirectory, "fixtures", "packages", "app", "PackagedShop.dll")]);
        var calls = app.Methods.SelectMany(m => m.Calls).ToList();
        Assert.Equal("ShopKit.RedisWindow", calls.First(c => c.TargetMethod == "AddRedisWindowLimiter").TargetAssembly);
        Assert.Equal("StackExchange.Redis", calls.First(c => c.TargetTypeFullName == "StackExchange.Redis.ConnectionMultiplexer" && c.TargetMethod == "Connect").TargetAssembly);
        Assert.Equal("Microsoft.Extensions.DependencyInjection.Abstractions", calls.First(c => c.TargetMethod == "AddSingleton").TargetAssembly);
    }

    [Fact]
    public void Each_call_records_whether_its_target_returns_a_task_by_the_signature_the_caller_holds()
    {
        var load = Method("CustomerRepository", "Load");

        // Task<T>.GetAwaiter returns an awaiter, TaskAwaiter<T>.GetResult the value: neither is a task.
        Assert.DoesNotContain(load.Calls, c => c.ReturnsAwaitable && c.TargetMethod is "GetAwaiter" or "GetResult");

        // Another assembly's method through a member reference: SlackBotMessages' Send returns Task<string>, the
        // Message setters return void (the app of fixtures/packages/slack-app).
        var app = AssemblyCallGraphReader.Read([Path.Combine(AppContext.BaseDirectory, "fixtures", "packages", "slack-app", "App.dll")]);
        var calls = app.Methods.SelectMany(m => m.Calls).Where(c => c.TargetAssembly == "SlackBotMessages").ToList();
        Assert.True(calls.Single(c => c.TargetMethod == "Send").ReturnsAwaitable);
        Assert.Contains(calls, c => c.TargetMethod == "set_Text" && !c.ReturnsAwaitable);
    }

    [Fact]
    public void Interface_calls_are_callvirt_on_the_interface_and_types_record_what_they_implement()
    {
        var find = Method("CustomerService", "Find");
        var type = Graph.Types.Single(t => t.FullName == Ns + ".CustomerService");

        Assert.Contains(find.Calls, c => (c.Kind, c.TargetTypeFullName, c.TargetMethod) == (IlCallKind.CallVirt, Ns + ".ICustomerRepository", "Load"));
        Assert.Equal([Ns + ".ICustomerService"], type.Interfaces);
        Assert.Equal("System.Object", type.BaseType);
        Assert.Equal(Ns, type.Namespace);
    }

    [Fact]
    public void An_async_method_points_at_its_state_machine_and_lambdas_are_reached_through_ldftn()
    {
        var audit = Method("ReportHandlers", "Audit");
        var build = Method("ReportHandlers", "Build");

        Assert.NotNull(audit.StateMachineType);
        Assert.Contains(Graph.Methods, m => m.TypeFullName == audit.StateMachineType && m.Method == "MoveNext");
        Assert.Contains(build.Calls, c => c.Kind == IlCallKind.LoadFunction && c.TargetMethod.StartsWith("<Build>b__", StringComparison.Ordinal));
    }

    [Fact]
    public void Decoding_continues_correctly_past_a_switch()
    {
        var pick = Method("ReportHandlers", "Pick");

        var called = pick.Calls.Select(c => c.TargetTypeFullName + "." + c.TargetMethod).ToArray();
        Assert.Equal(["System.Math.Abs", "System.Math.Max", "System.Math.Min", "System.Math.Sign", "System.Threading.Thread.Sleep"], called);
        Assert.Equal(pick.Calls.Select(c => c.IlOffset).Order(), pick.Calls.Select(c => c.IlOffset));
        Assert.Contains((byte)0x45, typeof(Samples.Shop.ReportHandlers).GetMethod("Pick")!.GetMethodBody()!.GetILAsByteArray()!);
    }

    [Fact]
    public void Only_the_apps_own_modules_are_read_from_a_captures_module_list()
    {
        ModuleInfo[] modules =
        [
            new("System.Linq", typeof(Enumerable).Assembly.Location, ModuleOrigin.Framework),
            new("PoolDoctor.Tests", AssemblyPath, ModuleOrigin.App),
            new("xunit.core", typeof(FactAttribute).Assembly.Location, ModuleOrigin.Package),
        ];

        var graph = AssemblyCallGraphReader.ReadApp(modules);

        Assert.Equal(["PoolDoctor.Tests"], graph.Methods.Select(m => m.Module).Distinct());
        Assert.Equal(Graph.Methods.Count, graph.Methods.Count);
    }

    [Fact]
    public void Every_method_of_a_framework_assembly_decodes()
    {
        // Thousands of compiler-, trimmer- and crossgen-produced bodies: one wrong operand size desynchronises the
        // decoder, which then meets an invalid opcode or a token to nowhere and skips the method.
        var graph = AssemblyCallGraphReader.Read([typeof(Enumerable).Assembly.Location]);

        Assert.Empty(graph.Skipped);
        Assert.True(graph.Methods.Count > 1000, $"{graph.Methods.Count} methods");
        Assert.Contains(graph.Methods, m => m.Calls.Any(c => c.TargetTypeFullName == "System.Linq.ThrowHelper"));
    }

    [Theory]
    [InlineData("PoolDoctor.Tests.Samples.Shop.CustomerRepository.Load(int32)", "CustomerRepository")]
    [InlineData("PoolDoctor.Tests.Samples.Shop.Warehouse+Shelf`1[System.__Canon].Take()", "Warehouse.Shelf")]
    public void Type_names_compare_equal_to_the_names_stack_frames_reduce_to(string runtimeFrame, string type)
    {
        var parsed = FrameNameParser.Parse(runtimeFrame);

        Assert.Equal(Ns + "." + type, parsed.TypeFullName);
        Assert.Contains(Graph.Methods, m => m.TypeFullName == parsed.TypeFullName && m.Method == parsed.Method);
    }

    [Fact]
    public void Sequence_points_from_the_pdb_beside_the_assembly_give_the_source_line_of_a_call()
    {
        var load = Method("CustomerRepository", "Load");
        var getResult = load.Calls.Single(c => c.TargetMethod == "GetResult");

        var point = load.LocationOf(getResult.IlOffset);

        Assert.NotNull(point);
        Assert.EndsWith("CustomerRepository.cs", point.File, StringComparison.Ordinal);
        // The PDB names the source file on this machine: its line is the oracle.
        Assert.Contains(".GetAwaiter().GetResult()", File.ReadAllLines(point.File)[point.Line - 1], StringComparison.Ordinal);
    }

    [Fact]
    public void Missing_files_and_files_that_are_not_assemblies_are_skipped_with_a_reason()
    {
        var text = Path.GetTempFileName();
        try
        {
            File.WriteAllText(text, "not an assembly");
            var missing = Path.Combine(Path.GetTempPath(), Guid.NewGuid() + ".dll");

            var graph = AssemblyCallGraphReader.Read([missing, text]);

            Assert.Empty(graph.Methods);
            Assert.Equal([missing, text], graph.Skipped.Select(s => s.Path));
            Assert.All(graph.Skipped, s => Assert.False(string.IsNullOrWhiteSpace(s.Reason)));
        }
        finally
        {
            File.Delete(text);
        }
    }

    [Fact]
    public void A_truncated_assembly_is_skipped_and_the_next_one_still_read()
    {
        var truncated = Path.GetTempFileName();
        try
        {
            var bytes = File.ReadAllBytes(AssemblyPath);
            File.WriteAllBytes(truncated, bytes[..(bytes.Length / 3)]);

            var graph = AssemblyCallGraphReader.Read([truncated, AssemblyPath]);

            Assert.Equal([truncated], graph.Skipped.Select(s => s.Path));
            Assert.Equal(Graph.Methods.Count, graph.Methods.Count);
        }
        finally
        {
            File.Delete(truncated);
        }
    }

    [Fact]
    public void A_method_with_bad_il_is_skipped_and_the_rest_of_its_assembly_read()
    {
        var dir = Directory.CreateTempSubdirectory("pooldoctor-il-");
        try
        {
            var copy = Path.Combine(dir.FullName, "Corrupt.dll");
            var bytes = File.ReadAllBytes(AssemblyPath);
            var token = typeof(Samples.Shop.OrderHandlers).GetMethod("List")!.MetadataToken;
            bytes[FirstIlByteOffset(bytes, token)] = 0xA6; // no opcode has this value

            File.WriteAllBytes(copy, bytes);
            var graph = AssemblyCallGraphReader.Read([copy]);

            var skipped = Assert.Single(graph.Skipped);
            Assert.EndsWith("!" + Ns + ".OrderHandlers.List", skipped.Path, StringComparison.Ordinal);
            Assert.Equal(Graph.Methods.Count - 1, graph.Methods.Count);
        }
        finally
        {
            dir.Delete(recursive: true);
        }
    }

    // File offset of a method's first IL byte: its RVA mapped through the section table, past the body header.
    private static int FirstIlByteOffset(byte[] image, int token)
    {
        using var pe = new PEReader(new MemoryStream(image));
        var metadata = pe.GetMetadataReader();
        var rva = metadata.GetMethodDefinition((MethodDefinitionHandle)System.Reflection.Metadata.Ecma335.MetadataTokens.EntityHandle(token)).RelativeVirtualAddress;
        var section = pe.PEHeaders.SectionHeaders.Single(s => rva >= s.VirtualAddress && rva < s.VirtualAddress + s.VirtualSize);
        var body = section.PointerToRawData + (rva - section.VirtualAddress);
        var tinyHeader = (image[body] & 0x3) == 0x2;
        return body + (tinyHeader ? 1 : 12);
    }
}
