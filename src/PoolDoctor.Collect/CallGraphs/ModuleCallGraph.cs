using System.Reflection.Metadata;
using System.Reflection.Metadata.Ecma335;
using System.Reflection.PortableExecutable;
using PoolDoctor.Model.CallGraphs;

namespace PoolDoctor.Collect.CallGraphs;

/// <summary>The methods and types of one assembly's metadata, read into call-graph records.</summary>
internal sealed class ModuleCallGraph(PEReader assembly, string module, PdbLines lines, string path)
{
    private readonly MetadataReader _metadata = assembly.GetMetadataReader();

    // Routes and names are short; a long literal (a SQL script, a template) tells the analysis nothing.
    private const int MaxKeptString = 256;

    private static readonly HashSet<string> StateMachineAttributes = new(StringComparer.Ordinal)
    {
        "System.Runtime.CompilerServices.AsyncStateMachineAttribute",
        "System.Runtime.CompilerServices.IteratorStateMachineAttribute",
        "System.Runtime.CompilerServices.AsyncIteratorStateMachineAttribute",
    };

    public List<IlMethod> Methods(List<SkippedInput> skipped)
    {
        var methods = new List<IlMethod>();
        foreach (var handle in _metadata.MethodDefinitions)
        {
            var definition = _metadata.GetMethodDefinition(handle);
            if (definition.RelativeVirtualAddress == 0)
            {
                continue; // abstract, extern or runtime-implemented: no IL
            }
            var type = MetadataNames.OfType(_metadata, definition.GetDeclaringType());
            var name = _metadata.GetString(definition.Name);
            try
            {
                methods.Add(Read(handle, definition, type, name));
            }
            catch (Exception e) when (e is BadImageFormatException or InvalidOperationException or ArgumentException)
            {
                skipped.Add(new SkippedInput(path + "!" + type + "." + name, "unreadable method body: " + e.Message));
            }
        }
        return methods;
    }

    public List<IlType> Types()
    {
        var types = new List<IlType>();
        foreach (var handle in _metadata.TypeDefinitions)
        {
            var definition = _metadata.GetTypeDefinition(handle);
            var interfaces = definition.GetInterfaceImplementations()
                .Select(i => MetadataNames.OfType(_metadata, _metadata.GetInterfaceImplementation(i).Interface))
                .OfType<string>()
                .ToArray();
            types.Add(new IlType(module, MetadataNames.NamespaceOf(_metadata, handle), MetadataNames.OfType(_metadata, handle), MetadataNames.OfType(_metadata, definition.BaseType), interfaces));
        }
        return types;
    }

    private const string RazorCompiledItem = "Microsoft.AspNetCore.Razor.Hosting.RazorCompiledItemAttribute";
    private const string RazorPageKind = "mvc.1.0.razor-page";

    /// <summary>
    /// The Razor Pages compiled into this assembly: each is an assembly attribute
    /// <c>[RazorCompiledItem(typeof(PageClass), "mvc.1.0.razor-page", "/Pages/X.cshtml")]</c>, and the page class's
    /// <c>Model</c> property has the <c>@model</c> type.
    /// </summary>
    public List<RazorPage> RazorPages()
    {
        var items = new List<(string PageType, string ViewPath)>();
        if (!_metadata.IsAssembly)
        {
            return [];
        }
        foreach (var handle in _metadata.GetAssemblyDefinition().GetCustomAttributes())
        {
            var attribute = _metadata.GetCustomAttribute(handle);
            if (MetadataNames.OfMethod(_metadata, attribute.Constructor) is not { Type: RazorCompiledItem })
            {
                continue;
            }
            // Blob: prolog 0x0001, then the Type (a serialized name) and the two strings.
            var blob = _metadata.GetBlobReader(attribute.Value);
            if (blob.ReadUInt16() == 1 && blob.ReadSerializedString() is { Length: > 0 } type
                && blob.ReadSerializedString() == RazorPageKind && blob.ReadSerializedString() is { Length: > 0 } identifier)
            {
                items.Add((MetadataNames.FromSerialized(type), identifier));
            }
        }
        if (items.Count == 0)
        {
            return [];
        }
        // One pass over the types for every page's class, not one per page.
        var wanted = items.Select(i => i.PageType).ToHashSet(StringComparer.Ordinal);
        var models = new Dictionary<string, string?>(StringComparer.Ordinal);
        foreach (var handle in _metadata.TypeDefinitions)
        {
            var name = MetadataNames.OfType(_metadata, handle);
            if (wanted.Contains(name))
            {
                models[name] = ModelTypeOf(_metadata.GetTypeDefinition(handle));
            }
        }
        return [.. items.Select(i => new RazorPage(module, i.ViewPath, i.PageType, models.GetValueOrDefault(i.PageType)))];
    }

    private string? ModelTypeOf(TypeDefinition page)
    {
        foreach (var handle in page.GetProperties())
        {
            var property = _metadata.GetPropertyDefinition(handle);
            if (_metadata.GetString(property.Name) == "Model")
            {
                return property.DecodeSignature(TypeNameProvider.Instance, genericContext: null).ReturnType;
            }
        }
        return null;
    }

    private IlMethod Read(MethodDefinitionHandle handle, MethodDefinition definition, string type, string name)
    {
        var body = assembly.GetMethodBody(definition.RelativeVirtualAddress);
        var calls = new List<IlCall>();
        var strings = new List<IlString>();
        foreach (var instruction in IlScanner.MethodReferences(body.GetILReader()))
        {
            if (instruction.OpCode == IlScanner.LoadString)
            {
                var literal = _metadata.GetUserString(MetadataTokens.UserStringHandle(instruction.Token & 0xFFFFFF));
                if (literal.Length is > 0 and <= MaxKeptString)
                {
                    strings.Add(new IlString(instruction.Offset, literal));
                }
                continue;
            }
            var token = MetadataTokens.EntityHandle(instruction.Token);
            if (MetadataNames.OfMethod(_metadata, token) is { } target)
            {
                calls.Add(new IlCall(instruction.Offset, KindOf(instruction.OpCode), target.Type, target.Method)
                {
                    TargetAssembly = MetadataNames.AssemblyOfMethod(_metadata, token),
                    ReturnsAwaitable = MetadataNames.ReturnsAwaitable(_metadata, token),
                });
            }
        }
        return new IlMethod(module, type, name, MetadataTokens.GetToken(handle), calls)
        {
            SequencePoints = lines.Of(handle),
            Strings = strings,
            StateMachineType = StateMachineOf(definition),
        };
    }

    private string? StateMachineOf(MethodDefinition definition)
    {
        foreach (var handle in definition.GetCustomAttributes())
        {
            var attribute = _metadata.GetCustomAttribute(handle);
            var constructor = MetadataNames.OfMethod(_metadata, attribute.Constructor);
            if (constructor is null || !StateMachineAttributes.Contains(constructor.Value.Type))
            {
                continue;
            }
            // Blob: prolog 0x0001, then the Type argument as a serialized type name.
            var blob = _metadata.GetBlobReader(attribute.Value);
            if (blob.ReadUInt16() == 1 && blob.ReadSerializedString() is { Length: > 0 } serialized)
            {
                return MetadataNames.FromSerialized(serialized);
            }
        }
        return null;
    }

    private static IlCallKind KindOf(int opcode) => opcode switch
    {
        IlScanner.CallVirt => IlCallKind.CallVirt,
        IlScanner.NewObj => IlCallKind.NewObj,
        IlScanner.LoadFunction => IlCallKind.LoadFunction,
        IlScanner.LoadVirtualFunction => IlCallKind.LoadVirtualFunction,
        _ => IlCallKind.Call,
    };
}
